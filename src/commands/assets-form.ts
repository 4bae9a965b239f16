/**
 * `asset new` / `asset edit <id>` and the card's Edit button: one modal with every field of the spec.
 * It opens at once (a loading state when companies or the asset must be read first), validates locally
 * with inline errors, sends only changed fields on edit, and shows the card afterwards.
 */
import { createHash } from 'node:crypto';
import type { App, ViewOutput, ViewStateValue, webApi } from '@slack/bolt';
import * as z from 'zod';
import type { ParamsOf } from '../api/client.js';
import { assetCard, AssetIds, assetLabel, workingView } from '../views/assets.js';
import {
  AssetFormBlocks,
  assetFormModal,
  type AssetFormValues,
  assetFormValues,
  type CompanyChoice,
  emptyAssetForm,
} from '../views/assets-form.js';
import { escapeText, type ModalView } from '../views/kit/blocks.js';
import { resultView } from '../views/kit/states.js';
import { FORM_VALUE } from '../views/kit/inputs.js';
import { type Delivery, deliver, deliverySchema } from './assets-delivery.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import { openLoadingModal, withModalSession } from './modal-session.js';
import type { Reply } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, type Who, whoActs } from './session.js';

type StateValues = ViewOutput['state']['values'];
type FieldName = keyof AssetFormValues;
const fieldNames = Object.keys(AssetFormBlocks) as FieldName[];

// ── Pure parts ──────────────────────────────────────────────────────────────────────────────────

/** What one element submitted, as text ('' when empty). */
function submitted(state: ViewStateValue | undefined): string {
  if (!state) return '';
  if (state.type === 'static_select') return state.selected_option?.value ?? '';
  return (state.value ?? '').trim();
}

const TEXT_MAX = 200;
const COMMENTS_MAX = 3000;

/**
 * The form's values, or inline errors keyed by block id. Slack enforces `optional: false` and number
 * bounds in the client, but a submission is untrusted input, so everything is checked again here.
 */
export type FormReading = { ok: true; value: AssetFormValues } | { ok: false; errors: Record<string, string> };

export function readAssetForm(values: StateValues, mode: 'new' | 'edit'): FormReading {
  const text = (field: FieldName) => submitted(values[AssetFormBlocks[field]]?.[FORM_VALUE]);
  const errors: Record<string, string> = {};
  const required: FieldName[] = mode === 'new' ? ['modelName', 'manufacturer', 'type', 'supplier'] : ['modelName', 'manufacturer', 'type'];
  const labels: Record<FieldName, string> = {
    modelName: 'model', manufacturer: 'manufacturer', type: 'type', supplier: 'supplier', serialNumber: 'serial number',
    location: 'location', comments: 'comments', quantity: 'quantity', companyId: 'company',
  };
  for (const field of required) if (!text(field)) errors[AssetFormBlocks[field]] = `The help desk needs a ${labels[field]}.`;
  for (const field of ['modelName', 'manufacturer', 'type', 'supplier', 'serialNumber', 'location'] as const) {
    if (text(field).length > TEXT_MAX) errors[AssetFormBlocks[field]] = `At most ${TEXT_MAX} characters.`;
  }
  if (text('comments').length > COMMENTS_MAX) errors[AssetFormBlocks.comments] = `At most ${COMMENTS_MAX} characters.`;
  const quantity = text('quantity');
  if (quantity && !/^\d{1,9}$/.test(quantity)) errors[AssetFormBlocks.quantity] = 'A whole number, 0 or more.';
  const company = text('companyId');
  if (company && !/^[1-9]\d{0,8}$/.test(company)) errors[AssetFormBlocks.companyId] = 'A company id is a whole number, 1 or more.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      modelName: text('modelName'),
      manufacturer: text('manufacturer'),
      type: text('type'),
      supplier: text('supplier'),
      serialNumber: text('serialNumber'),
      location: text('location'),
      comments: text('comments'),
      quantity: quantity ? Number(quantity) : undefined,
      companyId: company ? Number(company) : undefined,
    },
  };
}

/** A field's value as the form shows it: the basis of "did the user change it". */
const formText = (values: AssetFormValues, field: FieldName): string => {
  const value = values[field];
  return value === undefined ? '' : String(value);
};

/** Short, stable fingerprint per field: the edit form remembers what it started with, within Slack's 3000-character metadata. */
export function fingerprints(values: AssetFormValues): Record<FieldName, string> {
  const entries = fieldNames.map((field) => [field, createHash('sha256').update(formText(values, field)).digest('base64url').slice(0, 10)]);
  return Object.fromEntries(entries) as Record<FieldName, string>;
}

export type AssetCreate = ParamsOf<'createAsset'>;
export type AssetUpdate = Omit<ParamsOf<'updateAsset'>, 'id'>;

/** Create parameters: empty optional fields are left out (quantity defaults to 1 in the help desk). */
export function createParams(values: AssetFormValues): AssetCreate {
  return {
    modelName: values.modelName,
    manufacturer: values.manufacturer,
    type: values.type,
    supplier: values.supplier,
    ...(values.serialNumber ? { serialNumber: values.serialNumber } : {}),
    ...(values.location ? { location: values.location } : {}),
    ...(values.comments ? { comments: values.comments } : {}),
    ...(values.quantity !== undefined ? { quantity: values.quantity } : {}),
    ...(values.companyId !== undefined ? { companyId: values.companyId } : {}),
  };
}

/**
 * Only what the user changed. An emptied text field is sent as '' (the help desk clears it); an emptied
 * quantity or company is not sent, because the API has no way to clear them.
 */
export function changedParams(original: Record<FieldName, string>, values: AssetFormValues): AssetUpdate {
  const now = fingerprints(values);
  const changed = (field: FieldName) => now[field] !== original[field];
  const update: AssetUpdate = {};
  for (const field of ['modelName', 'manufacturer', 'type', 'supplier', 'serialNumber', 'location', 'comments'] as const) {
    if (changed(field)) update[field] = values[field];
  }
  if (changed('quantity') && values.quantity !== undefined) update.quantity = values.quantity;
  if (changed('companyId') && values.companyId !== undefined) update.companyId = values.companyId;
  return update;
}

const fingerprintSchema = z.object(Object.fromEntries(fieldNames.map((field) => [field, z.string().max(20)])) as Record<FieldName, z.ZodString>);

export const formMetadataSchema = z.object({
  m: z.enum(['new', 'edit']),
  id: z.int().min(1).optional(),
  /** How the company is chosen: from the admin-only list, or by id. */
  c: z.enum(['select', 'id']),
  /** Fingerprints of the values the edit form started with. */
  o: fingerprintSchema.optional(),
  to: deliverySchema,
});
export type FormMetadata = z.infer<typeof formMetadataSchema>;

// ── Opening ─────────────────────────────────────────────────────────────────────────────────────

/** Companies are admin-only: admins choose from the list, others (or a failed list) type an id. */
async function companyChoice(session: Session | undefined, services: Services): Promise<CompanyChoice> {
  if (!session?.isAdmin) return { kind: 'id' };
  try {
    const companies = await session.hd.companies();
    return { kind: 'select', companies: companies.map((company) => ({ id: company.CompanyID, name: company.Name })) };
  } catch (error) {
    services.logger.info(`companies for the asset form unavailable: ${String(error)}`);
    return { kind: 'id' };
  }
}

export const notAgentText =
  ':no_entry: Creating and editing assets needs help-desk *agent* (Temsilci) permission. ' +
  'If you were given it recently, run `/talep whoami` to refresh.';

export type FormTarget = { mode: 'new' } | { mode: 'edit'; assetId: number };

const formTitle = (target: FormTarget) => (target.mode === 'new' ? 'New asset' : `Edit asset #${target.assetId}`);

/**
 * Opens the form for `session`'s user. A regular user is told at once (from the role the link
 * recorded) instead of filling in a form the help desk will refuse.
 */
export async function openAssetForm(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  triggerId: string,
  reply: Reply,
  target: FormTarget,
  to: Delivery,
): Promise<void> {
  if (!session.isAgent) return reply.send({ text: notAgentText });
  const title = formTitle(target);
  const metadata = (extra: Partial<FormMetadata>) =>
    encodeMetadata({ m: target.mode, ...(target.mode === 'edit' ? { id: target.assetId } : {}), c: 'id', to, ...extra });

  if (target.mode === 'new' && !session.isAdmin) {
    // Nothing to load: the form opens complete.
    await client.views.open({
      trigger_id: triggerId,
      view: assetFormModal({ mode: 'new', values: emptyAssetForm, company: { kind: 'id' }, metadata: metadata({}) }),
    });
    return;
  }
  const who: Who = { teamId: session.teamId, userId: session.userId };
  await openLoadingModal(services, who, client, { triggerId, title, loading: 'Loading…' }, async (acting, update) => {
    const [company, asset] = await Promise.all([
      companyChoice(acting, services),
      target.mode === 'edit' ? acting.hd.getAsset({ id: target.assetId }) : Promise.resolve(undefined),
    ]);
    const values = asset ? assetFormValues(asset) : emptyAssetForm;
    await update(
      assetFormModal({
        mode: target.mode,
        ...(target.mode === 'edit' ? { assetId: target.assetId } : {}),
        values,
        company,
        metadata: metadata({ c: company.kind, ...(asset ? { o: fingerprints(values) } : {}) }),
      }),
    );
  }, target.mode === 'edit' ? { label: `Asset #${target.assetId}` } : {});
}

// ── Submitting ──────────────────────────────────────────────────────────────────────────────────

export function registerAssetForm(app: App, services: Services): void {
  app.view(AssetIds.formCallback, async ({ ack, body, view, client }) => {
    const metadata = decodeMetadata(formMetadataSchema, view.private_metadata);
    if (!metadata || (metadata.m === 'edit' && (metadata.id === undefined || !metadata.o))) {
      await ack({ response_action: 'update', view: resultView('Asset', ':warning: This form could not be read. Please open it again.') });
      return;
    }
    const form = readAssetForm(view.state.values, metadata.m);
    if (!form.ok) {
      await ack({ response_action: 'errors', errors: form.errors });
      return;
    }
    const values = form.value;
    const target: FormTarget = metadata.m === 'edit' && metadata.id !== undefined ? { mode: 'edit', assetId: metadata.id } : { mode: 'new' };
    const title = formTitle(target);
    const changes = target.mode === 'edit' && metadata.o ? changedParams(metadata.o, values) : undefined;
    if (changes && Object.keys(changes).length === 0) {
      await ack({ response_action: 'update', view: resultView(title, 'Nothing changed, so nothing was sent.') });
      return;
    }
    await ack({ response_action: 'update', view: workingView(title, ':hourglass_flowing_sand: Saving…') });

    const who: Who = whoActs(body);
    let acting: Session | undefined;
    const formAgain = async (problem: string): Promise<ModalView> =>
      assetFormModal({
        mode: target.mode,
        ...(target.mode === 'edit' ? { assetId: target.assetId } : {}),
        values,
        company: metadata.c === 'select' ? await companyChoice(acting, services) : { kind: 'id' },
        metadata: view.private_metadata,
        problem,
      });
    const render = { working: (text: string) => workingView(title, text), problem: formAgain };
    await withModalSession(services, who, client, body.view.id, render, async (session, update) => {
      acting = session;
      let assetId: number;
      if (target.mode === 'edit') {
        assetId = target.assetId;
        await session.hd.updateAsset({ id: assetId, ...changes });
      } else {
        assetId = (await session.hd.createAsset(createParams(values))).id;
      }
      const asset = await session.hd.getAsset({ id: assetId });
      const done = target.mode === 'edit' ? 'Saved' : 'Created';
      await update(resultView(title, `:white_check_mark: ${done} ${escapeText(assetLabel(asset))}.`));
      const notice = target.mode === 'edit' ? `:pencil2: Saved: ${Object.keys(changes ?? {}).length} field(s) changed.` : ':sparkles: Created.';
      // Edit from a card: the card is replaced in place; otherwise a new message.
      await deliver(services, client, who.userId, metadata.to, assetCard(asset, { notice }), target.mode === 'edit' && Boolean(metadata.to.u));
    }, target.mode === 'edit' ? { label: `Asset #${target.assetId}` } : {});
  });
}
