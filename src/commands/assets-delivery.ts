/**
 * Plumbing shared by the asset flows: who acts in an interaction, running help-desk work whose answers
 * belong in an open modal, and delivering a card after a modal closed (in place of the card that opened
 * it, else in the channel, else as a direct message).
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import type { ModalView, SlackMessage } from '../views/blocks.js';
import { connectPrompt, type ErrorSubject } from '../views/errors.js';
import type { Reply } from './reply.js';
import type { Services } from './services.js';
import { openSession, reportFailure, type Session, type Who } from './session.js';

/** The acting user of an interaction payload (block action, view submission, options request). */
export function whoActs(body: { team?: { id: string } | null; user: { id: string; team_id?: string } }): Who {
  return { teamId: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id };
}

export interface ModalRender {
  /** Shown while the help desk works (also carries the "queued" notice). */
  working(text: string): ModalView;
  /** Explains a failure: typically the form again, with a banner and the user's values kept. */
  problem(text: string): ModalView | Promise<ModalView>;
}

const withoutEmoji = (text: string) => text.replace(/^(:[\w+-]+:\s*)+/, '');

/**
 * `withSession` for work that answers in a modal: the queued notice, every failure and the result go to
 * `views.update` of that modal instead of a message.
 */
export async function inModal(
  services: Services,
  who: Who,
  client: webApi.WebClient,
  viewId: string,
  render: ModalRender,
  work: (session: Session, update: (view: ModalView) => Promise<void>) => Promise<void>,
  subject: ErrorSubject = {},
): Promise<void> {
  const update = async (view: ModalView) => {
    await client.views.update({ view_id: viewId, view });
  };
  const tell = (toView: (text: string) => ModalView | Promise<ModalView>): Reply => ({
    send: async (message) => update(await toView(withoutEmoji(message.text))),
  });
  const session = openSession(services, who, tell(render.working));
  if (session === 'not-linked') return tell(render.problem).send(connectPrompt());
  if (session === 'rejected') {
    return tell(render.problem).send({ text: 'The help desk refused your saved token. Connect again with /talep connect.' });
  }
  try {
    await work(session, update);
  } catch (error) {
    await reportFailure(services, who, tell(render.problem), error, subject);
  }
}

/** Where a modal's result goes: `u` a response_url (the card that opened the modal), `c` a channel. */
export const deliverySchema = z.object({ u: z.url().optional(), c: z.string().optional() });
export type Delivery = z.infer<typeof deliverySchema>;

/** Posts to a response_url (valid 30 minutes, 5 times) — what Bolt's `respond` does, for flows without one. */
export async function postToResponseUrl(url: string, message: SlackMessage, replaceOriginal: boolean): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ response_type: 'ephemeral', replace_original: replaceOriginal, ...message }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`response_url answered ${response.status}`);
}

/**
 * Shows `message` to the user after a modal: replacing the card that opened the modal (when `replace`),
 * else as an ephemeral message in the channel, else in the app's DM. Each step falls back to the next.
 */
export async function deliver(
  services: Services,
  client: webApi.WebClient,
  userId: string,
  to: Delivery,
  message: SlackMessage,
  replace: boolean,
): Promise<void> {
  if (to.u) {
    try {
      return await postToResponseUrl(to.u, message, replace);
    } catch (error) {
      services.logger.info(`response_url unusable, falling back: ${String(error)}`);
    }
  }
  if (to.c) {
    try {
      await client.chat.postEphemeral({ channel: to.c, user: userId, ...message });
      return;
    } catch (error) {
      services.logger.info(`ephemeral post to ${to.c} failed, sending a DM: ${String(error)}`);
    }
  }
  await client.chat.postMessage({ channel: userId, ...message });
}
