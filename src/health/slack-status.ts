/**
 * What readiness knows of Slack: whether the start-up `auth.test` passed (and as whom), and in Socket
 * Mode whether the WebSocket is connected right now (`src/slack/socket-mode-watch.ts` reports it).
 */
import type { SlackIdentity } from '../startup/slack-check.js';
import type { CheckResult } from './readiness.js';

export type SocketState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export class SlackStatus {
  readonly #mode: 'socket' | 'http';
  #identity: SlackIdentity | undefined;
  #socket: SocketState = 'connecting';

  constructor(mode: 'socket' | 'http') {
    this.#mode = mode;
  }

  authChecked(identity: SlackIdentity): void {
    this.#identity = identity;
  }

  socket(state: SocketState): void {
    this.#socket = state;
  }

  get socketState(): SocketState {
    return this.#socket;
  }

  check(): CheckResult {
    const identity = this.#identity;
    if (!identity) return { ok: false, detail: 'auth.test has not passed yet' };
    const who = `auth.test passed: bot ${identity.botUserId} in ${identity.team} (${identity.teamId})`;
    if (this.#mode === 'http') return { ok: true, detail: who };
    return this.#socket === 'connected'
      ? { ok: true, detail: `${who}; Socket Mode connected` }
      : { ok: false, detail: `${who}; Socket Mode ${this.#socket}` };
  }
}
