/**
 * Socket Mode, visibly: one log line when the WebSocket connects, when it is lost and reconnects, and
 * when it is closed — Bolt's SocketModeClient says nothing above debug level — and the state for the
 * readiness check.
 */
import type { Logger } from '@slack/bolt';
import type { SocketState } from '../health/slack-status.js';

/** The part of @slack/socket-mode's SocketModeClient this needs (it is an EventEmitter of its states). */
export interface SocketModeEvents {
  on(event: 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'close', listener: () => void): unknown;
}

export function watchSocketMode(
  client: SocketModeEvents,
  logger: Pick<Logger, 'info' | 'warn'>,
  onState?: (state: SocketState) => void,
  options: { stopping?: () => boolean } = {},
): void {
  let everConnected = false;
  let stateNow: SocketState = 'connecting';
  const set = (state: SocketState) => {
    stateNow = state;
    onState?.(state);
  };
  client.on('connecting', () => {
    if (!everConnected) logger.info('Socket Mode: connecting to Slack…');
    set(stateNow === 'reconnecting' ? 'reconnecting' : 'connecting');
  });
  client.on('connected', () => {
    logger.info(everConnected ? 'Socket Mode: reconnected to Slack' : 'Socket Mode: connected to Slack');
    everConnected = true;
    set('connected');
  });
  // The WebSocket closed: the client waits a moment, then says 'reconnecting' and connects again.
  client.on('close', () => {
    if (stateNow !== 'connected' || options.stopping?.()) return;
    logger.warn('Socket Mode: the connection to Slack was lost; reconnecting…');
    set('reconnecting');
  });
  client.on('reconnecting', () => {
    if (stateNow !== 'reconnecting') logger.warn('Socket Mode: reconnecting to Slack…');
    set('reconnecting');
  });
  client.on('disconnected', () => {
    logger.info('Socket Mode: disconnected from Slack');
    set('disconnected');
  });
}
