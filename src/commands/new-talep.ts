/**
 * New talep: `/talep new [subject]`, the global shortcut "New talep", the App Home button, and the
 * modal they all open (the message shortcut "Open a talep" opens it too, prefilled, through
 * `openNewTalepModal`).
 *
 * Slack's clock drives the order: the modal opens with the trigger_id before any help-desk call (a
 * loading state), the lists arrive with `views.update`; a submission is validated locally (inline
 * errors), acked with a "Creating…" view, and the result replaces it. A help-desk refusal re-renders
 * the form with a banner and the user's values.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { isHelpdeskError } from '../api/errors.js';
import { CustomFieldType } from '../api/schemas.js';
import type { FileUpload } from '../api/wire.js';
import { SlackFileError } from '../slack/files.js';
import { type ModalView, type SlackMessage, truncate } from '../views/blocks.js';
import { connectPrompt, errorText } from '../views/errors.js';
import {
  type CreatedTalep,
  customFieldBlockId,
  type ExistingTalep,
  alreadyOpenedView,
  type FileRef,
  MAX_FILES,
  megabytes,
  type NewTalepForm,
  newTalepCreatedMessage,
  newTalepCreatedView,
  newTalepCreatingView,
  newTalepFormView,
  NewTalepIds,
  newTalepLoadingView,
  type NewTalepMetadata,
  newTalepMetadataSchema,
  newTalepProblemView,
  type NewTalepValues,
  type SourceMessage,
  SUBJECT_MAX,
  talepOpenedThreadReply,
  valuesFromState,
  type ViewStateValues,
} from '../views/new-talep-modal.js';
import { SharedActions } from '../views/shared-actions.js';
import { ok, type Parsed } from './args.js';
import { decodeMetadata } from './metadata.js';
import type { CommandModule } from './module.js';
import { helpdeskPersonFor, personProblem } from './people.js';
import { type Reply, viaDirectMessage, viaEphemeral } from './reply.js';
import type { Services } from './services.js';
import { openSession, reportFailure, type Session, type Who } from './session.js';
import { ShortcutIds } from './shortcut-ids.js';

// ── pure parts ──────────────────────────────────────────────────────────────────────────────────

/** `/talep new [subject]`: everything after `new` prefills the subject. */
export function parseNewTalepArgs(text: string): Parsed<{ subject?: string }> {
  const subject = text.trim().replace(/\s+/g, ' ');
  return ok(subject ? { subject: truncate(subject, SUBJECT_MAX) } : {});
}

/** A checked submission: what createTalep needs, with Slack ids still to resolve. */
export interface NewTalepRequest {
  categoryId: number;
  /** May be a custom priority (not -1..2): createTalep takes standard ones only, see `createFromRequest`. */
  priorityId: number;
  subject: string;
  body: string;
  tags: string[];
  assigneeId?: number;
  /** Slack user to create the talep for (agents only). */
  onBehalfOf?: string;
  /** fieldId → value, as createTalep's `customFields` expects. */
  customFields: Record<string, string>;
  /** Slack files to download and attach, uploads first, then the source message's. */
  files: FileRef[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

const uploadedFileSchema = z.looseObject({
  name: z.string().min(1).optional(),
  title: z.string().optional(),
  mimetype: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  url_private_download: z.url().optional(),
  url_private: z.url().optional(),
});

export const isStandardPriority = (id: number): boolean => Number.isInteger(id) && id >= -1 && id <= 2;

/** `a, b ,, A` → `['a', 'b']`: trimmed, no empties, no case-insensitive duplicates. */
export function parseTags(text: string | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    const key = tag.toLocaleLowerCase('tr');
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/**
 * The submitted view state → a request, or inline errors keyed by block id. Pure. Only what the form
 * rendered counts (custom fields and agent blocks come from the metadata): the state is untrusted.
 */
export function validateNewTalep(
  state: ViewStateValues,
  metadata: NewTalepMetadata,
  limits: { maxUploadBytes: number },
): Checked<NewTalepRequest> {
  const values = valuesFromState(state);
  const errors: Record<string, string> = {};

  const categoryId = values.categoryId;
  if (categoryId === undefined) errors[NewTalepIds.category.block] = 'Choose a category.';
  else if (metadata.categoryId !== categoryId) {
    // The category changed and its fields have not been rendered yet: they may be mandatory.
    errors[NewTalepIds.category.block] = 'This category’s fields are still loading. Submit again in a moment.';
  }

  const subject = (values.subject ?? '').trim().replace(/\s+/g, ' ');
  if (!subject) errors[NewTalepIds.subject.block] = 'Give the talep a subject.';
  else if (subject.length > SUBJECT_MAX) {
    errors[NewTalepIds.subject.block] = `Keep the subject to ${SUBJECT_MAX} characters (it has ${subject.length}).`;
  }

  const customFields: Record<string, string> = {};
  for (const [fieldId, type, mandatory] of metadata.fields) {
    const blockId = customFieldBlockId(fieldId);
    const value = values.customFields[String(fieldId)];
    if (type === CustomFieldType.Checkbox) {
      // Unchecked is "false": sent only when the field is mandatory, so optional ones stay unset.
      if (value === 'true') customFields[fieldId] = 'true';
      else if (mandatory) customFields[fieldId] = 'false';
      continue;
    }
    const text = value?.trim() ?? '';
    if (!text) {
      if (mandatory) errors[blockId] = 'This field is required.';
      continue;
    }
    if (type === CustomFieldType.Date && !/^\d{4}-\d{2}-\d{2}$/.test(text)) errors[blockId] = 'Pick a date.';
    else if (type === CustomFieldType.SelectionCombo && !/^\d+$/.test(text)) errors[blockId] = 'Pick one of the options.';
    else customFields[fieldId] = type === CustomFieldType.Text ? text : (value ?? text);
  }

  const files: FileRef[] = [];
  const fileState = state[NewTalepIds.files.block]?.[NewTalepIds.files.action]?.files;
  const uploads = z.array(uploadedFileSchema).safeParse(fileState ?? []);
  if (!uploads.success) errors[NewTalepIds.files.block] = 'Slack sent these files in a form I cannot read. Attach them again.';
  else {
    const tooLarge = uploads.data.filter((file) => (file.size ?? 0) > limits.maxUploadBytes);
    const unreadable = uploads.data.filter((file) => !(file.url_private_download ?? file.url_private));
    if (uploads.data.length > MAX_FILES) errors[NewTalepIds.files.block] = `Attach at most ${MAX_FILES} files.`;
    else if (tooLarge.length > 0) {
      const names = tooLarge.map((file) => `“${file.name ?? file.title ?? 'file'}”`).join(', ');
      errors[NewTalepIds.files.block] =
        `${names} ${tooLarge.length === 1 ? 'is' : 'are'} larger than ${megabytes(limits.maxUploadBytes)} MB, the most the help desk accepts per file.`;
    } else if (unreadable.length > 0) errors[NewTalepIds.files.block] = 'Slack did not give me a link to these files. Attach them again.';
    else {
      for (const file of uploads.data) {
        files.push({
          name: file.name ?? file.title ?? 'file',
          url: (file.url_private_download ?? file.url_private) as string,
          ...(file.mimetype ? { type: file.mimetype } : {}),
          ...(file.size !== undefined ? { size: file.size } : {}),
        });
      }
    }
  }
  for (const file of metadata.source?.files ?? []) if (file.url && !file.skip) files.push(file);

  if (Object.keys(errors).length > 0 || categoryId === undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      categoryId,
      priorityId: values.priorityId ?? 0,
      subject,
      body: values.body ?? '',
      tags: parseTags(values.tags),
      ...(metadata.agent && values.assigneeId !== undefined ? { assigneeId: values.assigneeId } : {}),
      ...(metadata.agent && values.onBehalfOf ? { onBehalfOf: values.onBehalfOf } : {}),
      customFields,
      files,
    },
  };
}

// ── the modal as a place to show things ─────────────────────────────────────────────────────────

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

/** The acting user's session, with "queued" notices shown in the modal instead of a message. */
function sessionInModal(services: Services, who: Who, queued: Reply): Session | undefined {
  const session = openSession(services, who, queued);
  return typeof session === 'string' ? undefined : session;
}

const connectText = ':link: Connect your help-desk account first: `/talep connect`.';

/** A failure the user can act on, that is not a help-desk error (a Slack user or file problem). */
function localProblem(error: unknown): string | undefined {
  return personProblem(error) ?? (error instanceof SlackFileError ? `:paperclip: ${error.message}` : undefined);
}

// ── loading the form ────────────────────────────────────────────────────────────────────────────

export interface FormContext {
  channelId?: string;
  source?: SourceMessage;
}

/** Everything the form shows for these values: lists, and the chosen category's agents and fields. */
async function loadForm(
  services: Services,
  session: Session,
  values: NewTalepValues,
  where: FormContext,
  banner?: string,
): Promise<NewTalepForm> {
  const [categories, priorities] = await Promise.all([session.hd.categories(), session.hd.priorities()]);
  const chosen = { ...values };
  if (chosen.categoryId !== undefined && !categories.some((category) => category.CategoryID === chosen.categoryId)) {
    delete chosen.categoryId;
  }
  // One category: nothing to choose, so load its fields at once.
  if (chosen.categoryId === undefined && categories.length === 1) chosen.categoryId = categories[0]?.CategoryID;
  const form: NewTalepForm = {
    categories,
    priorities,
    isAgent: session.isAgent,
    values: chosen,
    maxUploadBytes: services.maxUploadBytes,
    ...where,
    ...(banner ? { banner } : {}),
  };
  if (chosen.categoryId === undefined) return form;
  const categoryId = chosen.categoryId;
  const [customFields, agents] = await Promise.all([
    session.hd.customFieldsForCategory({ categoryId }),
    session.isAgent ? session.hd.techsForCategory({ id: categoryId }) : Promise.resolve([]),
  ]);
  return { ...form, customFields, agents };
}

/** After a failure: the form again, with the user's values and the reason on top. */
async function showFormAgain(
  services: Services,
  session: Session,
  surface: ModalSurface,
  values: NewTalepValues,
  where: FormContext,
  banner: string,
): Promise<void> {
  const withoutCategory: NewTalepValues = { ...values };
  delete withoutCategory.categoryId;
  // The category's fields may be what failed: then the form without them still keeps what was typed.
  for (const attempt of [values, withoutCategory]) {
    try {
      await surface.update(newTalepFormView(await loadForm(services, session, attempt, where, banner)));
      return;
    } catch (error) {
      services.logger.info('could not re-render the new-talep form', error);
    }
  }
  // The lists themselves failed: say so plainly rather than show a half form.
  await surface.update(newTalepProblemView(banner)).catch(() => undefined);
}

// ── opening ─────────────────────────────────────────────────────────────────────────────────────

/** What a caller (e.g. "Open a talep") puts into the form before it is shown. */
export interface NewTalepPrefill {
  values: Partial<NewTalepValues>;
  source?: SourceMessage;
}

export interface NewTalepOpening {
  client: webApi.WebClient;
  who: Who;
  triggerId: string;
  /** Where the connect prompt and problems before the modal exists go. */
  fallback: Reply;
  /** Where the confirmation goes (ephemeral); without one it goes to a DM. */
  channelId?: string;
  subject?: string;
  title?: string;
  /**
   * Runs once the modal is open (loading) and before the form: a prefill, or undefined when it showed
   * something else instead (e.g. the talep this message already opened).
   */
  prepare?: (session: Session, surface: ModalSurface) => Promise<NewTalepPrefill | undefined>;
}

export async function openNewTalepModal(services: Services, opening: NewTalepOpening): Promise<void> {
  const { client, who, fallback } = opening;
  const account = services.stores.accounts.get(who.teamId, who.userId);
  if (!account) return fallback.send(connectPrompt());
  if (account.rejected) return fallback.send(connectPrompt('The help desk refused your saved token. Connect your account again.'));

  const title = opening.title ?? 'New talep';
  const surface = await openModalNow(services, client, opening.triggerId, newTalepLoadingView(undefined, title), fallback);
  if (!surface) return;
  const session = sessionInModal(
    services,
    who,
    viaModal(surface, (message) => newTalepLoadingView(message.text, title), services),
  );
  if (!session) return surface.update(newTalepProblemView(connectText, title));
  const problems = viaModal(surface, (message) => newTalepProblemView(message.text, title), services);
  try {
    const prefill = opening.prepare ? await opening.prepare(session, surface) : { values: {} };
    if (!prefill) return;
    const values: NewTalepValues = { customFields: {}, ...prefill.values };
    if (values.subject === undefined && opening.subject) values.subject = opening.subject;
    const where: FormContext = {
      ...(opening.channelId ? { channelId: opening.channelId } : {}),
      ...(prefill.source ? { source: prefill.source } : {}),
    };
    await surface.update(newTalepFormView(await loadForm(services, session, values, where)));
  } catch (error) {
    await reportFailure(services, who, problems, error);
  }
}

/** The talep this message already opened, if it still exists (a vanished one is forgotten). */
export async function existingTalepFor(
  services: Services,
  session: Session,
  source: Pick<SourceMessage, 'channelId' | 'ts'>,
): Promise<ExistingTalep | undefined> {
  const link = services.stores.messageTaleps.get(session.teamId, source.channelId, source.ts);
  if (!link) return undefined;
  try {
    const talep = await session.hd.getTalep({ id: link.talepId });
    return { id: talep.TalepID, subject: talep.Subject, ...(talep.Url ? { url: talep.Url } : {}) };
  } catch (error) {
    if (isHelpdeskError(error, 'not-found')) {
      await services.stores.messageTaleps.forget(session.teamId, source.channelId, source.ts);
      return undefined;
    }
    // It exists, but this user may not see it: still no duplicate, and no details.
    if (isHelpdeskError(error, 'forbidden')) return { id: link.talepId };
    throw error;
  }
}

// ── creating ────────────────────────────────────────────────────────────────────────────────────

const reasonOf = (error: unknown): string =>
  localProblem(error)?.replace(/^:\w+: /, '') ?? errorText(error).replace(/^:\w+: /, '');

async function download(services: Services, files: readonly FileRef[]): Promise<FileUpload[]> {
  const uploads: FileUpload[] = [];
  // One at a time: each may be large, and Slack rate-limits file downloads per workspace.
  for (const file of files) {
    if (!file.url) continue;
    const fetched = await services.slackFiles.download(file.url, file.name, file.type);
    uploads.push({ filename: fetched.filename, contentType: fetched.contentType, data: fetched.data });
  }
  return uploads;
}

/**
 * Creates the talep and attaches the rest. Everything that can fail for the user's input (on behalf
 * of, downloads, the creation itself) happens before or in createTalep; once the talep exists, later
 * failures become warnings, so a retry never makes a duplicate.
 */
export async function createFromRequest(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  request: NewTalepRequest,
): Promise<CreatedTalep> {
  let onBehalfOf: number | undefined;
  if (request.onBehalfOf && request.onBehalfOf !== session.userId && session.isAgent) {
    onBehalfOf = (await helpdeskPersonFor(services, session, client, request.onBehalfOf)).helpdeskUserId;
  }
  const uploads = await download(services, request.files);
  const [first, ...others] = uploads;
  const { id } = await session.hd.createTalep({
    categoryId: request.categoryId,
    subject: request.subject,
    body: request.body,
    priorityId: isStandardPriority(request.priorityId) ? request.priorityId : 0,
    ...(request.tags.length > 0 ? { tags: request.tags } : {}),
    ...(request.assigneeId !== undefined && session.isAgent ? { assignedToUserId: request.assigneeId } : {}),
    ...(onBehalfOf !== undefined && onBehalfOf !== session.account.helpdeskUserId ? { userId: onBehalfOf } : {}),
    ...(Object.keys(request.customFields).length > 0 ? { customFields: request.customFields } : {}),
    ...(first ? { uploadFile: first } : {}),
  });

  const warnings: string[] = [];
  if (!isStandardPriority(request.priorityId)) {
    // createTalep's priorityId takes -1..2 only; custom priorities are set right after.
    await session.hd
      .updateTalep({ id, priority: request.priorityId })
      .catch((error: unknown) => warnings.push(`The priority could not be set: ${reasonOf(error)}`));
  }
  for (const file of others) {
    await session.hd
      .attachFile({ id, uploadFile: file })
      .catch((error: unknown) => warnings.push(`“${file.filename}” could not be attached: ${reasonOf(error)}`));
  }
  let url = services.helpdeskWebUrl;
  let subject = request.subject;
  try {
    const talep = await session.hd.getTalep({ id });
    url = talep.Url ?? url;
    subject = talep.Subject;
  } catch (error) {
    services.logger.info(`talep ${id} created but could not be read back`, error);
  }
  return { id, subject, url, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Links the message to the talep and says so in its thread (id, subject, link: nothing private). */
async function linkSourceMessage(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  source: SourceMessage,
  talep: CreatedTalep,
): Promise<boolean> {
  await services.stores.messageTaleps.set(session.teamId, source.channelId, source.ts, talep.id, session.userId);
  try {
    await client.chat.postMessage({ channel: source.channelId, thread_ts: source.threadTs ?? source.ts, ...talepOpenedThreadReply(talep) });
    return true;
  } catch (error) {
    services.logger.warn(`could not post the talep ${talep.id} link in ${source.channelId}`, error);
    return false;
  }
}

async function confirm(services: Services, client: webApi.WebClient, who: Who, channelId: string | undefined, talep: CreatedTalep) {
  const message = newTalepCreatedMessage(talep);
  const dm = () => viaDirectMessage(client, who.userId).send(message);
  try {
    if (channelId) await viaEphemeral(client, channelId, who.userId).send(message);
    else await dm();
  } catch {
    await dm().catch((error: unknown) => services.logger.warn('could not confirm the new talep', error));
  }
}

type ViewBody = { team: { id: string } | null; user: { id: string; team_id?: string } };
const whoOf = (body: ViewBody): Who => ({ teamId: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id });

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
      const who = { teamId: shortcut.team?.id ?? shortcut.user.team_id ?? '', userId: shortcut.user.id };
      await openNewTalepModal(services, { client, who, triggerId: shortcut.trigger_id, fallback: viaDirectMessage(client, who.userId) });
    });

    app.action(SharedActions.newTalep, async ({ ack, body, client }) => {
      await ack();
      if (body.type !== 'block_actions') return;
      const who = { teamId: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id };
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
      const who = whoOf(body);
      const surface = modalSurface(client, view.id);
      // A queued notice would replace the form the user is filling in; the form waits quietly instead.
      const session = sessionInModal(services, who, { send: async () => undefined });
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

      const who = whoOf(body);
      const surface = modalSurface(client, view.id);
      const session = sessionInModal(
        services,
        who,
        viaModal(surface, (message) => newTalepCreatingView(message.text), services),
      );
      if (!session) return surface.update(newTalepProblemView(connectText));
      const values = valuesFromState(view.state.values);
      const where = formContextOf(metadata);
      const hadUploads = checked.value.files.length > (metadata.source?.files.filter((file) => file.url && !file.skip).length ?? 0);
      try {
        if (metadata.source) {
          // Someone may have opened a talep from the same message while this form was open.
          const existing = await existingTalepFor(services, session, metadata.source);
          if (existing) return surface.update(alreadyOpenedView(existing));
        }
        const talep = await createFromRequest(services, session, client, checked.value);
        services.logger.info(`talep ${talep.id} created from Slack by ${who.teamId}:${who.userId}`);
        const threaded = metadata.source ? await linkSourceMessage(services, session, client, metadata.source, talep) : false;
        await surface.update(newTalepCreatedView(talep));
        if (!threaded) await confirm(services, client, who, metadata.channelId, talep);
      } catch (error) {
        const again = bannerReply(services, session, surface, values, where, hadUploads);
        const problem = localProblem(error);
        if (problem) {
          services.logger.info(`new talep refused locally for ${who.teamId}:${who.userId}: ${problem}`);
          await again.send({ text: problem });
        } else {
          await reportFailure(services, who, again, error);
        }
      }
    });
  },
};

function formContextOf(metadata: NewTalepMetadata): FormContext {
  return {
    ...(metadata.channelId ? { channelId: metadata.channelId } : {}),
    ...(metadata.source ? { source: metadata.source } : {}),
  };
}

/** Errors shown as a banner on the form, which is re-rendered with the user's values. */
function bannerReply(
  services: Services,
  session: Session,
  surface: ModalSurface,
  values: NewTalepValues,
  where: FormContext,
  hadUploads = false,
): Reply {
  return {
    send: async (message) => {
      // Slack cannot prefill a file input: say so rather than lose the files silently.
      const note = hadUploads ? '\n_Attach your files again before you resubmit._' : '';
      await showFormAgain(services, session, surface, values, where, `${message.text}${note}`);
    },
  };
}
