/**
 * A modal as a place to show things, for flows that drive the modal themselves (new talep, "Add to
 * talep"): open it at once with the trigger (valid 3 s), then replace its view as the work goes on.
 * Flows that only need "work as the user, answer in the modal" use ./modal-session.ts.
 */
import type { webApi } from '@slack/bolt';
import type { ModalView, SlackMessage } from '../views/kit/blocks.js';
import type { Reply } from './reply.js';
import type { Services } from '../slack/services.js';

export interface ModalSurface {
  viewId: string;
  update(view: ModalView): Promise<void>;
}

export function modalSurface(client: webApi.WebClient, viewId: string): ModalSurface {
  return {
    viewId,
    update: async (view) => {
      await client.views.update({ view_id: viewId, view });
    },
  };
}

/** A Reply that shows messages (queued notices, errors) in the modal, rendered by `render`. */
export function viaModal(surface: ModalSurface, render: (message: SlackMessage) => ModalView, services: Services): Reply {
  return {
    send: async (message) => {
      await surface.update(render(message)).catch((error: unknown) => services.logger.warn('modal update failed', error));
    },
  };
}

/** Opens the first view with the trigger (valid 3 s); undefined when Slack refused (the user is told). */
export async function openModalNow(
  services: Services,
  client: webApi.WebClient,
  triggerId: string,
  view: ModalView,
  fallback: Reply,
): Promise<ModalSurface | undefined> {
  try {
    const opened = await client.views.open({ trigger_id: triggerId, view });
    const viewId = opened.view?.id;
    if (!viewId) throw new Error('views.open returned no view id');
    return modalSurface(client, viewId);
  } catch (error) {
    services.logger.warn('views.open failed', error);
    await fallback
      .send({ text: ':hourglass: Slack did not let me open the form in time. Please try again.' })
      .catch(() => undefined);
    return undefined;
  }
}
