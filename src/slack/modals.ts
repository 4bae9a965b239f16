/**
 * Opening modals. A trigger id lives 3 s, so a modal opens at once — before any help-desk call — with
 * a loading state, and the work fills it in afterwards with `views.update`.
 */
import type { ModalView } from '../views/kit/blocks.js';
import { requireLinked } from './actor.js';
import type { ErrorSubject } from './failures.js';
import { type Acting, type Interaction, surfaceDeps } from './interaction.js';
import { runWithNeeds } from './middleware.js';
import { type ModalRender, type ModalSurface, modalSurface, plainModalRender } from './surface.js';

export const OPEN_FAILED_TEXT = ':hourglass: Slack did not let me open the form in time. Please try again.';

/**
 * Opens `view`; the modal as a surface (its problems shown with `render`), or undefined when Slack
 * refused (an expired trigger): then the person is told on the interaction's own surface.
 */
export async function openModal(
  ix: Interaction,
  triggerId: string,
  view: ModalView,
  render: ModalRender = plainModalRender(view.title.text),
): Promise<ModalSurface | undefined> {
  try {
    const opened = await ix.client.views.open({ trigger_id: triggerId, view });
    const id = opened.view?.id;
    if (!id) throw new Error('views.open returned no view id');
    return modalSurface(surfaceDeps(ix.services, ix.client, ix.who.userId), { id, hash: opened.view?.hash }, render);
  } catch (error) {
    ix.services.logger.warn('views.open failed', error);
    await ix.surface.send({ text: OPEN_FAILED_TEXT }, 'problem').catch(() => undefined);
    return undefined;
  }
}

export interface LoadingModal {
  triggerId: string;
  title: string;
  /** The line shown while loading. */
  loading: string;
  /** How problems show (default: a closable warning). */
  render?: ModalRender;
}

/**
 * Opens a modal at once showing `loading`, then runs `work` as the person inside it: the connect
 * prompt, queued notices and every failure show in the modal.
 */
export async function inLoadingModal(
  ix: Interaction,
  opening: LoadingModal,
  work: (ctx: Interaction & Acting & { surface: ModalSurface }) => Promise<void>,
  subject: ErrorSubject = {},
): Promise<void> {
  const render = opening.render ?? plainModalRender(opening.title);
  const modal = await openModal(ix, opening.triggerId, render.progress(opening.loading), render);
  if (!modal) return;
  const inModal = { ...ix, surface: modal };
  await runWithNeeds(inModal, { linked: true }, (granted) => work({ ...granted, surface: modal } as Interaction & Acting & { surface: ModalSurface }), subject);
}

