/**
 * `asset new` / `asset edit <id>` and the card's Edit button: one modal with every field of the spec.
 * It opens at once (a loading state when companies or the asset must be read first), validates locally
 * with inline errors, sends only changed fields on edit, and shows the card afterwards where the person
 * started (in place of the card they edited, else in the channel, else in a DM).
 */
import * as z from 'zod';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { type Acting, type Interaction, surfaceDeps } from '../../slack/interaction.js';
import { onSubmit, type Listener } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { onlyOnce } from '../../slack/once.js';
import { inLoadingModal, openModal } from '../../slack/modals.js';
import type { Services } from '../../slack/services.js';
import { type ModalRender, type SurfaceRef, surfaceFromRef } from '../../slack/surface.js';
import { assetCard } from '../../views/assets/card.js';
import { assetFormModal, assetFormValues, type CompanyChoice, emptyAssetForm } from '../../views/assets/form.js';
import { AssetIds } from '../../views/assets/ids.js';
import { assetLabel } from '../../views/assets/names.js';
import { escapeText, type ModalView } from '../../views/kit/blocks.js';
import { resultView, workingView } from '../../views/kit/states.js';
import { assetSubject } from './cards.js';
import { changedParams, createParams, type FormMetadata, formMetadataSchema, type FormTarget, formTitle, fingerprints, readAssetForm } from './form-state.js';

/** Companies are admin-only: admins choose from the list, others (or a failed list) type an id. */
async function companyChoice(services: Services, actor: Actor | undefined): Promise<CompanyChoice> {
  if (!actor?.isAdmin) return { kind: 'id' };
  try {
    const companies = await actor.hd.companies();
    return { kind: 'select', companies: companies.map((company) => ({ id: company.CompanyID, name: company.Name })) };
  } catch (error) {
    services.logger.info(`companies for the asset form unavailable: ${String(error)}`);
    return { kind: 'id' };
  }
}

export const notAgentText = (m: Messages = english): string => m.t('assets.notAgent');

/** How the form's modal shows progress and problems, in the person's words. */
const formRender = (title: string, m: Messages): ModalRender => ({
  progress: (text) => workingView(title, text, m),
  problem: (text) => resultView(title, `:warning: ${text}`, undefined, m),
  result: (message) => resultView(title, message.text, undefined, m),
});

/**
 * Opens the form for the acting person; `to` is where the card goes after a save. A regular user is
 * told at once (from the role the link recorded) instead of filling in a form the help desk will refuse.
 */
export async function openAssetForm(ix: Interaction & Acting, triggerId: string, target: FormTarget, to: SurfaceRef): Promise<void> {
  const m = messagesOf(ix);
  if (!ix.actor.isAgent) return ix.surface.send({ text: notAgentText(m) });
  const title = formTitle(target, m);
  const metadata = (extra: Partial<FormMetadata>) =>
    encodeMetadata({ m: target.mode, ...(target.mode === 'edit' ? { id: target.assetId } : {}), c: 'id', to, ...extra });

  if (target.mode === 'new' && !ix.actor.isAdmin) {
    // Nothing to load: the form opens complete.
    await openModal(ix, triggerId, assetFormModal({ mode: 'new', values: emptyAssetForm, company: { kind: 'id' }, metadata: metadata({}) }, m), formRender(title, m));
    return;
  }
  await inLoadingModal(
    ix,
    { triggerId, title, loading: m.t('assets.loading'), render: formRender(title, m) },
    async ({ actor, surface }) => {
      const [company, asset] = await Promise.all([
        companyChoice(ix.services, actor),
        target.mode === 'edit' ? actor.hd.getAsset({ id: target.assetId }) : Promise.resolve(undefined),
      ]);
      const values = asset ? assetFormValues(asset) : emptyAssetForm;
      await surface.update(
        assetFormModal({
          mode: target.mode,
          ...(target.mode === 'edit' ? { assetId: target.assetId } : {}),
          values,
          company,
          metadata: metadata({ c: company.kind, ...(asset ? { o: fingerprints(values) } : {}) }),
        }, m),
      );
    },
    target.mode === 'edit' ? assetSubject(target.assetId, m) : {},
  );
}

/** The form's submission: inline errors first; then the save, shown in the modal; then the card. */
export const assetFormSubmission: Listener = onSubmit(AssetIds.formCallback, async (ctx) => {
  const { view, ack, services } = ctx;
  const m = messagesOf(ctx);
  const metadata = decodeMetadata(formMetadataSchema, view.private_metadata);
  if (!metadata || (metadata.m === 'edit' && (metadata.id === undefined || !metadata.o))) {
    await ack({ response_action: 'update', view: resultView(m.t('assets.formTitle'), m.t('assets.unreadable'), undefined, m) });
    return;
  }
  const form = readAssetForm(ctx.values, metadata.m, m);
  if (!form.ok) {
    await ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  const { values } = form;
  const target: FormTarget = metadata.m === 'edit' && metadata.id !== undefined ? { mode: 'edit', assetId: metadata.id } : { mode: 'new' };
  const title = formTitle(target, m);
  const changes = target.mode === 'edit' && metadata.o ? changedParams(metadata.o, values) : undefined;
  if (changes && Object.keys(changes).length === 0) {
    await ack({ response_action: 'update', view: resultView(title, m.t('assets.nothingChanged'), undefined, m) });
    return;
  }
  await ack({ response_action: 'update', view: workingView(title, m.t('assets.saving'), m) });

  let acting: Actor | undefined;
  // A refusal shows the form again, with what was typed and the reason.
  const formAgain = async (problem: string): Promise<ModalView> =>
    assetFormModal({
      mode: target.mode,
      ...(target.mode === 'edit' ? { assetId: target.assetId } : {}),
      values,
      company: metadata.c === 'select' ? await companyChoice(services, acting) : { kind: 'id' },
      metadata: view.private_metadata,
      problem,
    }, m);
  const render: ModalRender = { progress: (text) => workingView(title, text, m), problem: formAgain };
  const surface = ctx.surface.withRender(render);
  await actAs({ ...ctx, surface }, async (actor) => {
    acting = actor;
    let assetId: number;
    if (target.mode === 'edit') {
      assetId = target.assetId;
      await actor.hd.updateAsset({ id: assetId, ...changes });
    } else {
      // Once per submission: a copy of it (also after a restart) shows the asset the first one made.
      const created = await onlyOnce(ctx, 'create-asset', z.object({ id: z.int() }), async () => ({
        id: (await actor.hd.createAsset(createParams(values))).id,
      }));
      if (!created) return;
      assetId = created.result.id;
    }
    const asset = await actor.hd.getAsset({ id: assetId });
    const label = escapeText(assetLabel(asset, m));
    const done = target.mode === 'edit' ? m.t('assets.savedResult', { label }) : m.t('assets.createdResult', { label });
    await surface.update(resultView(title, done, undefined, m));
    const notice = target.mode === 'edit' ? m.t('assets.savedNotice', { count: Object.keys(changes ?? {}).length }) : m.t('assets.createdNotice');
    // Edited from a card (`to.r`): the card is replaced in place; otherwise a new message. The save is
    // done and said in the modal, so a card that cannot be shown is only logged, not turned into a problem.
    const answer = surfaceFromRef(surfaceDeps(services, ctx.client, ctx.who.userId), metadata.to);
    await answer.replace(assetCard(asset, { notice }, m)).catch((error: unknown) => services.logger.warn(`asset card ${assetId} not shown`, error));
  }, target.mode === 'edit' ? assetSubject(target.assetId, m) : {});
});
