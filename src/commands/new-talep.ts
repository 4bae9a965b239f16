/**
 * New talep: `/talep new [subject]`, the global shortcut "New talep", the App Home button, and the
 * modal they all open (the message shortcut "Open a talep" opens it too, prefilled, through
 * `openNewTalepModal`).
 *
 * Slack's clock drives the order: the modal opens with the trigger_id before any help-desk call (a
 * loading state), the lists arrive with `views.update`; a submission is validated locally (inline
 * errors), acked with a "Creating…" view, and the result replaces it. A help-desk refusal re-renders
 * the form with a banner and the user's values. The form is ./new-talep-form.ts, the checks
 * ./new-talep-request.ts, the creation ./new-talep-create.ts.
 */
import { truncate } from '../views/kit/blocks.js';
import { newTalepFormView, NewTalepIds, SUBJECT_MAX } from '../views/new-talep-modal.js';
import { newTalepCreatingView, newTalepProblemView } from '../views/new-talep-states.js';
import { newTalepMetadataSchema, valuesFromState } from '../views/new-talep-values.js';
import { SharedActions } from '../views/kit/shared-actions.js';
import { ok, type Parsed } from './args.js';
import { decodeMetadata } from '../slack/metadata.js';
import type { CommandModule } from './module.js';
import { modalSurface } from './modal-surface.js';
import { submitNewTalep } from './new-talep-create.js';
import { bannerReply, connectText, formContextOf, loadForm, openNewTalepModal, sessionInModal } from './new-talep-form.js';
import { validateNewTalep } from './new-talep-request.js';
import { silentReply, viaDirectMessage, viaEphemeral } from './reply.js';
import { reportFailure, whoActs } from './session.js';
import { ShortcutIds } from './shortcut-ids.js';

/** `/talep new [subject]`: everything after `new` prefills the subject. */
export function parseNewTalepArgs(text: string): Parsed<{ subject?: string }> {
  const subject = text.trim().replace(/\s+/g, ' ');
  return ok(subject ? { subject: truncate(subject, SUBJECT_MAX) } : {});
}

// ── the module ──────────────────────────────────────────────────────────────────────────────────

export const newTalepModule: CommandModule = {
  name: 'new-talep',
  register({ app, services, router }) {
    router.add({
      name: 'new',
      aliases: ['create'],
      usage: 'new [subject]',
      summary: 'Open a new talep (a form; the subject is optional)',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseNewTalepArgs,
      run: async ({ client, teamId, userId, triggerId, channelId, reply }, args) =>
        openNewTalepModal(services, {
          client,
          who: { teamId, userId },
          triggerId,
          fallback: reply,
          channelId,
          ...(args.subject ? { subject: args.subject } : {}),
        }),
    });

    app.shortcut({ callback_id: ShortcutIds.newTalep, type: 'shortcut' }, async ({ ack, shortcut, client }) => {
      await ack();
      const who = whoActs(shortcut);
      await openNewTalepModal(services, { client, who, triggerId: shortcut.trigger_id, fallback: viaDirectMessage(client, who.userId) });
    });

    app.action(SharedActions.newTalep, async ({ ack, body, client }) => {
      await ack();
      if (body.type !== 'block_actions') return;
      const who = whoActs(body);
      const channelId = body.channel?.id;
      await openNewTalepModal(services, {
        client,
        who,
        triggerId: body.trigger_id,
        fallback: channelId ? viaEphemeral(client, channelId, who.userId) : viaDirectMessage(client, who.userId),
        ...(channelId ? { channelId } : {}),
      });
    });

    app.action(NewTalepIds.openLink, async ({ ack }) => ack());

    // The category decides the custom fields and the assignable agents: reload both.
    app.action(NewTalepIds.category.action, async ({ ack, body, client }) => {
      await ack();
      if (body.type !== 'block_actions' || !body.view) return;
      const view = body.view;
      const metadata = decodeMetadata(newTalepMetadataSchema, view.private_metadata);
      if (!metadata) return;
      const who = whoActs(body);
      const surface = modalSurface(client, view.id);
      // A queued notice would replace the form the user is filling in; the form waits quietly instead.
      const session = sessionInModal(services, who, silentReply);
      if (!session) return surface.update(newTalepProblemView(connectText));
      const values = valuesFromState(view.state.values);
      const where = formContextOf(metadata);
      try {
        await surface.update(newTalepFormView(await loadForm(services, session, values, where)));
      } catch (error) {
        await reportFailure(services, who, bannerReply(services, session, surface, values, where), error);
      }
    });

    app.view(NewTalepIds.callbackId, async ({ ack, body, view, client }) => {
      const metadata = decodeMetadata(newTalepMetadataSchema, view.private_metadata);
      if (!metadata) {
        await ack({ response_action: 'update', view: newTalepProblemView(':warning: This form is out of date. Please open it again.') });
        return;
      }
      const checked = validateNewTalep(view.state.values, metadata, { maxUploadBytes: services.maxUploadBytes });
      if (!checked.ok) {
        await ack({ response_action: 'errors', errors: checked.errors });
        return;
      }
      await ack({ response_action: 'update', view: newTalepCreatingView() });
      await submitNewTalep(services, client, whoActs(body), view.id, { metadata, state: view.state.values, request: checked.value });
    });
  },
};
