/**
 * Opening the new-talep form: at once, with a loading state, before any help-desk call (the trigger_id
 * lasts 3 s); then, as the person, the lists arrive with `views.update`. Opened from a message ("Open a
 * talep"), the message that already opened a talep (or is opening one) offers that instead (the
 * duplicate guard), and only otherwise is the message read to prefill the form.
 */
import { messagesOf } from '../../slack/locale.js';
import type { Interaction } from '../../slack/interaction.js';
import { inLoadingModal } from '../../slack/modals.js';
import { newTalepFormView, type NewTalepValues } from '../../views/new-talep/form.js';
import { NEW_TALEP_TITLE, OPEN_TALEP_TITLE } from '../../views/new-talep/ids.js';
import type { SourceMessage } from '../../views/new-talep/metadata.js';
import { alreadyOpenedView, beingOpenedView } from '../../views/new-talep/states.js';
import { type FormContext, loadForm, openingRender } from './load.js';
import { existingTalepFor, talepBeingOpened } from './source-message.js';

export interface NewTalepOpening {
  triggerId: string;
  /** Where the confirmation goes (ephemeral); without one it goes to a DM. */
  channelId?: string;
  /** A subject to start with (`/talep new <subject>`). */
  subject?: string;
  /** The talep is opened from this message; `prefill` reads its subject and body (only when it opened none yet). */
  fromMessage?: { source: SourceMessage; prefill: () => Promise<Pick<NewTalepValues, 'subject' | 'body'>> };
}

export async function openNewTalepForm(ix: Interaction, opening: NewTalepOpening): Promise<void> {
  const { fromMessage } = opening;
  const m = messagesOf(ix);
  const title = fromMessage ? m.t('newTalep.openTitle') : m.t('newTalep.title');
  const loading = { triggerId: opening.triggerId, title, loading: m.t('newTalep.loading'), render: openingRender(title, m) };
  await inLoadingModal(ix, loading, async ({ services, actor, surface }) => {
    const values: NewTalepValues = { customFields: {} };
    if (fromMessage) {
      const existing = await existingTalepFor(services, actor, fromMessage.source);
      if (existing) return surface.update(alreadyOpenedView(existing, m));
      const opening = await talepBeingOpened(services, actor.teamId, fromMessage.source);
      if (opening) return surface.update(beingOpenedView(opening.by, m));
      Object.assign(values, await fromMessage.prefill());
    }
    if (values.subject === undefined && opening.subject) values.subject = opening.subject;
    const where: FormContext = {
      ...(opening.channelId ? { channelId: opening.channelId } : {}),
      ...(fromMessage ? { source: fromMessage.source } : {}),
    };
    await surface.update(newTalepFormView(await loadForm(services, actor, values, where), m));
  });
}
