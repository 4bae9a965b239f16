/**
 * The new-talep form: opening the modal (at once, with a loading state, before any help-desk call),
 * loading what the form shows (categories, priorities, the chosen category's fields and agents), and
 * showing it again with the user's values and a banner after a failure.
 */
import type { webApi } from '@slack/bolt';
import { connectPrompt } from '../views/kit/notices.js';
import { type NewTalepForm, newTalepFormView } from '../views/new-talep-modal.js';
import { newTalepLoadingView, newTalepProblemView } from '../views/new-talep-states.js';
import type { NewTalepMetadata, NewTalepValues, SourceMessage } from '../views/new-talep-values.js';
import { type ModalSurface, openModalNow, viaModal } from './modal-surface.js';
import type { Reply } from './reply.js';
import type { Services } from '../slack/services.js';
import { openSession, reportFailure, type Session, type Who } from './session.js';

/** The acting user's session, with "queued" notices shown in the modal instead of a message. */
export function sessionInModal(services: Services, who: Who, queued: Reply): Session | undefined {
  const session = openSession(services, who, queued);
  return typeof session === 'string' ? undefined : session;
}

/** What the modal says when the user has no (usable) linked account. */
export const connectText = ':link: Connect your help-desk account first: `/talep connect`.';

// ── loading the form ────────────────────────────────────────────────────────────────────────────

export interface FormContext {
  channelId?: string;
  source?: SourceMessage;
}

/** Everything the form shows for these values: lists, and the chosen category's agents and fields. */
export async function loadForm(
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

export function formContextOf(metadata: NewTalepMetadata): FormContext {
  return {
    ...(metadata.channelId ? { channelId: metadata.channelId } : {}),
    ...(metadata.source ? { source: metadata.source } : {}),
  };
}

/** Errors shown as a banner on the form, which is re-rendered with the user's values. */
export function bannerReply(
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
