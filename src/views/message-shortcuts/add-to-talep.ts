/**
 * "Add to a talep" (message shortcut): the modal with a talep picker that searches as you type, the
 * comment prefilled from the message, and its result. Pure: data → Block Kit JSON.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { types } from '@slack/bolt';
import * as z from 'zod';
import type { TalepSummary } from '../../api/schemas.js';
import { isClosed } from '../../domain/status.js';
import {
  actions,
  type Block,
  button,
  context,
  escapeText,
  linkButton,
  type ModalView,
  modal,
  option,
  plain,
  type PlainTextOption,
  section,
  type SlackMessage,
  truncate,
} from '../kit/blocks.js';
import { TEXT_INPUT_MAX } from '../kit/inputs.js';
import { SharedActions } from '../kit/shared-actions.js';
import { fileRefSchema, MAX_FILES, messageFilesBlock } from '../kit/slack-files.js';
import { statusName } from '../kit/words.js';

export const AddToTalepIds = {
  callbackId: 'add_to_talep_form',
  talep: { block: 'att_talep', action: 'att_talep_search' },
  comment: { block: 'att_comment', action: 'att_comment' },
  techsOnly: { block: 'att_techs', action: 'att_techs_only' },
  openLink: 'att_open_link',
} as const;

/** Slack asks for options only after this many typed characters. */
export const MIN_QUERY_LENGTH = 2;
/** Option values that are not talep ids: explanations shown in the picker ("the help desk is slow"). */
export const NOT_A_TALEP = '0';

export const addToTalepMetadataSchema = z.object({
  channelId: z.string().min(1),
  ts: z.string().min(1),
  threadTs: z.string().optional(),
  /** Whether the "agents only" checkbox was shown. */
  agent: z.boolean(),
  /** The message's files: attached with the comment on submit (or why not). */
  files: z.array(fileRefSchema).max(MAX_FILES).optional(),
});
export type AddToTalepMetadata = z.infer<typeof addToTalepMetadataSchema>;

/** What the person picked and typed (read back from the form by the commands area). */
export interface AddToTalepValues {
  /** The picked talep as Slack shows it (an external select keeps its option text). */
  talep?: { id: number; label: string };
  comment?: string;
  techsOnly?: boolean;
}

/** One talep as a picker option: `#12 Subject` (and its status when closed). */
export function talepOption(talep: Pick<TalepSummary, 'TalepID' | 'Subject' | 'Status' | 'StatusID'>, m: Messages = english): PlainTextOption {
  const status = isClosed(talep) ? ` · ${statusName(talep, m)}` : '';
  const suffix = status.length > 30 ? '' : status;
  return option(`${truncate(`#${talep.TalepID} ${talep.Subject}`, 75 - suffix.length)}${suffix}`, String(talep.TalepID));
}

/** A picker entry that explains instead of offering a talep (picking it is refused on submit). */
export const explanationOption = (text: string): PlainTextOption => option(truncate(text, 75), NOT_A_TALEP);

export interface AddToTalepForm {
  isAgent: boolean;
  metadata: AddToTalepMetadata;
  values: AddToTalepValues;
  banner?: string;
}

export function addToTalepView(form: AddToTalepForm, m: Messages = english): ModalView {
  const { values } = form;
  const blocks: Block[] = [];
  if (form.banner) blocks.push(section(form.banner));
  const initial = values.talep ? option(values.talep.label, String(values.talep.id)) : undefined;
  blocks.push(
    {
      type: 'input',
      block_id: AddToTalepIds.talep.block,
      label: plain(m.t('addTo.talep')),
      element: {
        type: 'external_select',
        action_id: AddToTalepIds.talep.action,
        placeholder: plain(m.t('addTo.talepPlaceholder')),
        min_query_length: MIN_QUERY_LENGTH,
        ...(initial ? { initial_option: initial } : {}),
      },
    } satisfies types.InputBlock,
    {
      type: 'input',
      block_id: AddToTalepIds.comment.block,
      label: plain(m.t('addTo.comment')),
      element: {
        type: 'plain_text_input',
        action_id: AddToTalepIds.comment.action,
        multiline: true,
        max_length: TEXT_INPUT_MAX,
        ...(values.comment ? { initial_value: truncate(values.comment, TEXT_INPUT_MAX) } : {}),
      },
      hint: plain(m.t('addTo.commentHint')),
    } satisfies types.InputBlock,
  );
  const fromMessage = messageFilesBlock(form.metadata.files ?? [], m);
  if (fromMessage) blocks.push(fromMessage);
  if (form.isAgent) {
    const agentsOnly = option(m.t('addTo.agentsOnlyOption'), 'true');
    blocks.push({
      type: 'input',
      block_id: AddToTalepIds.techsOnly.block,
      label: plain(m.t('addTo.visibility')),
      optional: true,
      element: {
        type: 'checkboxes',
        action_id: AddToTalepIds.techsOnly.action,
        options: [agentsOnly],
        ...(values.techsOnly ? { initial_options: [agentsOnly] } : {}),
      },
    } satisfies types.InputBlock);
  } else {
    blocks.push(context(m.t('addTo.onlyAgents')));
  }
  return modal({
    callback_id: AddToTalepIds.callbackId,
    title: m.t('addTo.title'),
    submit: m.t('addTo.submit'),
    close: m.t('kit.cancel'),
    private_metadata: JSON.stringify(form.metadata),
    blocks,
  });
}

export function addToTalepStatusView(text: string, m: Messages = english): ModalView {
  return modal({ title: m.t('addTo.title'), close: m.t('kit.close'), blocks: [section(text)] });
}

export interface AddedComment {
  talepId: number;
  /** The picker's label, e.g. "#12 Printer jams". */
  label: string;
  url?: string;
  techsOnly: boolean;
  /** The message's files that went with the comment. */
  files?: readonly string[];
  /** One sentence per file that could not go. */
  warnings?: readonly string[];
}

function buttons(added: AddedComment, blockId: string, m: Messages): types.ActionsBlock {
  return actions(blockId, [
    button(m.t('addTo.showButton'), SharedActions.showTalep, String(added.talepId), 'primary'),
    ...(added.url ? [linkButton(m.t('addTo.openButton'), added.url, AddToTalepIds.openLink)] : []),
  ]);
}

function addedText(added: AddedComment, m: Messages): string {
  const count = added.files?.length ?? 0;
  const files = count > 0 ? m.t('addTo.withFiles', { count }) : '';
  return m.t(added.techsOnly ? 'addTo.addedAgentsOnly' : 'addTo.added', { label: escapeText(truncate(added.label, 200)), files });
}

const warningBlocks = (added: AddedComment): Block[] => (added.warnings ?? []).map((warning) => context(`:warning: ${escapeText(warning)}`));

export function addedToTalepView(added: AddedComment, m: Messages = english): ModalView {
  return modal({
    title: m.t('addTo.title'),
    close: m.t('kit.done'),
    blocks: [section(addedText(added, m)), ...warningBlocks(added), buttons(added, 'att_added', m)],
  });
}

/** Ephemeral: only the person who added it sees it (an agents-only comment is never announced). */
export function addedToTalepMessage(added: AddedComment, m: Messages = english): SlackMessage {
  return {
    text: m.t('addTo.addedText', { id: added.talepId }),
    blocks: [section(addedText(added, m)), ...warningBlocks(added), buttons(added, 'att_added_message', m)],
  };
}
