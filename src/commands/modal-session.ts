/**
 * `withSession` for work that answers inside a modal (a submitted form, a list that loads after the
 * modal opened): the queued notice, every failure and the result all go to `views.update` of that
 * modal instead of a message. Used by every module with a form (users, companies, rules, knowledge
 * base, assets, custom fields).
 */
import type { webApi } from '@slack/bolt';
import type { ModalView } from '../views/kit/blocks.js';
import { escapeKeepingMentions, resultView, workingView } from '../views/kit/states.js';
import { type ErrorSubject } from '../slack/failures.js';
import { connectPrompt } from '../views/kit/notices.js';
import { PersonNotFound } from '../slack/people.js';
import type { Reply } from './reply.js';
import type { Services } from '../slack/services.js';
import { openSession, reportFailure, type Session, type Who } from './session.js';

export interface ModalRender {
  /** The view to show while the help desk works (also used for the "queued" notice). */
  working(text: string): ModalView;
  /** The view that explains a failure (typically the form again, with a banner and the values kept). */
  problem(text: string): ModalView | Promise<ModalView>;
}

/** A modal has its own look: the leading emoji of a message sentence is dropped. */
const withoutEmoji = (text: string) => text.replace(/^(:[\w+-]+:\s*)+/, '');

/**
 * Runs `work` as the acting user; HelpdeskError kinds, unknown people and a missing account link all
 * end up as `render.problem(...)` in the modal `viewId`.
 */
export async function withModalSession(
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
  if (session === 'not-linked') return update(await render.problem(connectPrompt().text));
  if (session === 'rejected') return update(await render.problem('The help desk refused your saved token. Connect again with /talep connect.'));
  try {
    await work(session, update);
  } catch (error) {
    if (error instanceof PersonNotFound) {
      await update(await render.problem(error.message)).catch((sendError: unknown) => services.logger.warn('modal update failed', sendError));
      return;
    }
    await reportFailure(services, who, tell(render.problem), error, subject);
  }
}

/** The usual look while loading: the title with a spinner line; a failure as a closable warning. */
export const loadingRender = (title: string): ModalRender => ({
  working: (text) => workingView(title, text),
  problem: (text) => resultView(title, `:warning: ${escapeKeepingMentions(text)}`),
});

/**
 * Opens a modal at once (a trigger lives 3 s) showing `loading`, then lets `work` fill it in as the
 * acting user; every failure is shown in the modal, as `withModalSession` does.
 */
export async function openLoadingModal(
  services: Services,
  who: Who,
  client: webApi.WebClient,
  opening: { triggerId: string; title: string; loading: string },
  work: (session: Session, update: (view: ModalView) => Promise<void>) => Promise<void>,
  subject: ErrorSubject = {},
): Promise<void> {
  const opened = await client.views.open({ trigger_id: opening.triggerId, view: workingView(opening.title, opening.loading) });
  const viewId = opened.view?.id;
  if (!viewId) return;
  await withModalSession(services, who, client, viewId, loadingRender(opening.title), work, subject);
}
