/**
 * Where an answer goes. Slash commands and buttons answer through their response_url (ephemeral);
 * modal submissions have none, so they answer with an ephemeral message in the originating channel
 * or, failing that, a direct message from the app.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import type { SlackMessage } from '../views/kit/blocks.js';

export interface Reply {
  /** A new message only the acting user sees. */
  send(message: SlackMessage): Promise<void>;
}

/**
 * For work whose side messages nobody would read (a "queued" notice while answering an options
 * request or updating an open modal, which show their own problems).
 */
export const silentReply: Reply = { send: async () => undefined };

export function viaRespond(respond: RespondFn): Reply {
  return {
    send: async (message) => {
      await respond({ response_type: 'ephemeral', replace_original: false, ...message });
    },
  };
}

export function viaEphemeral(client: webApi.WebClient, channel: string, user: string, threadTs?: string): Reply {
  return {
    send: async (message) => {
      await client.chat.postEphemeral({ channel, user, ...message, ...(threadTs ? { thread_ts: threadTs } : {}) });
    },
  };
}

/** The app's Messages tab with this user: always reachable, even without a channel. */
export function viaDirectMessage(client: webApi.WebClient, user: string): Reply {
  return {
    send: async (message) => {
      await client.chat.postMessage({ channel: user, ...message });
    },
  };
}

/**
 * Posts to a response_url (valid 30 minutes, 5 times): what Bolt's `respond` does, for flows that kept
 * the URL of an earlier interaction (a modal submission has none of its own).
 */
export async function postToResponseUrl(url: string, payload: Record<string, unknown>): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`response_url answered HTTP ${response.status}`);
}
