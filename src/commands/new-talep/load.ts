/**
 * Loading what the new-talep form shows (categories, priorities, the chosen category's fields and
 * agents) as the person, and how the modal shows things while it is open: a line while it loads or the
 * help desk queues us, and after a failure the form again with the person's values and the reason on
 * top.
 */
import type { Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { ModalRender } from '../../slack/surface.js';
import type { ModalView } from '../../views/kit/blocks.js';
import { type NewTalepForm, newTalepFormView, type NewTalepValues } from '../../views/new-talep/form.js';
import { NEW_TALEP_TITLE } from '../../views/new-talep/ids.js';
import type { NewTalepMetadata, SourceMessage } from '../../views/new-talep/metadata.js';
import { newTalepLoadingView, newTalepProblemView, typedTextToCopy } from '../../views/new-talep/states.js';

/** Where the form was opened: the confirmation goes to that channel; a message's files are listed. */
export interface FormContext {
  channelId?: string;
  source?: SourceMessage;
}

export function formContextOf(metadata: NewTalepMetadata): FormContext {
  return {
    ...(metadata.channelId ? { channelId: metadata.channelId } : {}),
    ...(metadata.source ? { source: metadata.source } : {}),
  };
}

/** Everything the form shows for these values: lists, and the chosen category's agents and fields. */
export async function loadForm(
  services: Services,
  actor: Actor,
  values: NewTalepValues,
  where: FormContext,
  banner?: string,
): Promise<NewTalepForm> {
  const [categories, priorities] = await Promise.all([actor.hd.categories(), actor.hd.priorities()]);
  const chosen = { ...values };
  if (chosen.categoryId !== undefined && !categories.some((category) => category.CategoryID === chosen.categoryId)) {
    delete chosen.categoryId;
  }
  // One category: nothing to choose, so load its fields at once.
  if (chosen.categoryId === undefined && categories.length === 1) chosen.categoryId = categories[0]?.CategoryID;
  const form: NewTalepForm = {
    categories,
    priorities,
    isAgent: actor.isAgent,
    values: chosen,
    maxUploadBytes: services.maxUploadBytes,
    ...where,
    ...(banner ? { banner } : {}),
  };
  if (chosen.categoryId === undefined) return form;
  const categoryId = chosen.categoryId;
  const [customFields, agents] = await Promise.all([
    actor.hd.customFieldsForCategory({ categoryId }),
    actor.isAgent ? actor.hd.techsForCategory({ id: categoryId }) : Promise.resolve([]),
  ]);
  return { ...form, customFields, agents };
}

/** The modal before the form is shown: a line while loading, the reason when it cannot be shown. */
export const openingRender = (title = NEW_TALEP_TITLE, m?: Messages): ModalRender => ({
  progress: (text) => newTalepLoadingView(text, title, m),
  problem: (text) => newTalepProblemView(`:warning: ${text}`, title, m),
});

export interface FormAgain {
  services: Services;
  /** The person the form is loaded as, once known (undefined: they could not act, so no form). */
  actor: () => Actor | undefined;
  values: NewTalepValues;
  where: FormContext;
  /** How a queued notice shows while the help desk works. */
  progress: (text: string) => ModalView;
  /** Said under the reason, e.g. that uploads must be attached again. */
  note?: string;
  /** The person's words (English without them). */
  m?: Messages;
}

const withTypedText = (banner: string, values: NewTalepValues): string =>
  values.subject || values.body ? `${banner}\n\n${typedTextToCopy(values)}` : banner;

/** The open form: a failure shows the form again, with the person's values and the reason on top. */
export function formAgainRender(again: FormAgain): ModalRender {
  return {
    progress: again.progress,
    problem: async (text) => {
      const banner = `:warning: ${text}${again.note ?? ''}`;
      const actor = again.actor();
      // No one to load the form as (the link is gone): what was typed, to copy.
      if (!actor) return newTalepProblemView(withTypedText(banner, again.values));
      const withoutCategory: NewTalepValues = { ...again.values };
      delete withoutCategory.categoryId;
      // The category's fields may be what failed: then the form without them still keeps what was typed.
      for (const attempt of [again.values, withoutCategory]) {
        try {
          return newTalepFormView(await loadForm(again.services, actor, attempt, again.where, banner), again.m);
        } catch (error) {
          again.services.logger.info('could not re-render the new-talep form', error);
        }
      }
      // The lists themselves failed: say so plainly rather than show a half form, keeping what was typed.
      return newTalepProblemView(withTypedText(banner, again.values));
    },
  };
}
