/**
 * The new-talep modal's other states (loading, creating, created, a problem, "already opened from this
 * message") and the messages after it closed: the confirmation and the source message's thread reply.
 * Pure: data → Block Kit JSON.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { types } from '@slack/bolt';
import {
  actions,
  type Block,
  button,
  context,
  escapeText,
  linkButton,
  type ModalView,
  modal,
  section,
  type SlackMessage,
  truncate,
} from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';
import { NEW_TALEP_TITLE, NewTalepIds } from './ids.js';

/** Shown at once (the trigger_id lasts 3 s) while the lists load, and while the help desk queues us. */
export function newTalepLoadingView(text?: string, title?: string, m: Messages = english): ModalView {
  return modal({
    title: title ?? m.t('newTalep.title'),
    close: m.t('kit.cancel'),
    blocks: [section(`:hourglass_flowing_sand: ${text ?? m.t('newTalep.loading')}`)],
  });
}

/** After the submission was acked, while the talep is created. */
export function newTalepCreatingView(text?: string, m: Messages = english): ModalView {
  return modal({ title: m.t('newTalep.title'), close: m.t('kit.close'), blocks: [section(`:hourglass_flowing_sand: ${text ?? m.t('newTalep.creating')}`)] });
}

/** The form could not even be shown: one sentence saying why (mrkdwn, with its emoji). */
export function newTalepProblemView(text: string, title?: string, m: Messages = english): ModalView {
  return modal({ title: title ?? m.t('newTalep.title'), close: m.t('kit.close'), blocks: [section(text)] });
}

export interface CreatedTalep {
  id: number;
  subject: string;
  /** The talep's page in the help desk. */
  url: string;
  /** Things that did not work after the talep was created (e.g. a file that could not be attached). */
  warnings?: readonly string[];
}

function talepButtons(talep: { id: number; url?: string }, blockId: string, m: Messages = english): types.ActionsBlock {
  return actions(blockId, [
    button(m.t('newTalep.showButton'), SharedActions.showTalep, String(talep.id), 'primary'),
    ...(talep.url ? [linkButton(m.t('newTalep.openButton'), talep.url, NewTalepIds.openLink)] : []),
  ]);
}

export function newTalepCreatedView(talep: CreatedTalep, m: Messages = english): ModalView {
  const blocks: Block[] = [
    section(m.t('newTalep.created', { id: talep.id, subject: escapeText(truncate(talep.subject, 500)) })),
    talepButtons(talep, 'nt_created', m),
  ];
  for (const warning of talep.warnings ?? []) blocks.push(context(`:warning: ${escapeText(warning)}`));
  return modal({ title: m.t('newTalep.title'), close: m.t('kit.done'), blocks });
}

/** The ephemeral (or DM) confirmation after the modal closed. */
export function newTalepCreatedMessage(talep: CreatedTalep, m: Messages = english): SlackMessage {
  return {
    text: m.t('newTalep.createdText', { id: talep.id, subject: escapeText(talep.subject) }),
    blocks: [
      section(m.t('newTalep.createdMessage', { id: talep.id, url: talep.url, subject: escapeText(truncate(talep.subject, 200)) })),
      talepButtons(talep, 'nt_created_message', m),
    ],
  };
}

/** The public thread reply on the source message: id, subject and link only. */
export function talepOpenedThreadReply(talep: CreatedTalep, m: Messages = english): SlackMessage {
  return {
    text: m.t('newTalep.openedFromMessageText', { id: talep.id }),
    blocks: [
      section(m.t('newTalep.openedFromMessage', { link: `<${talep.url}|*#${talep.id}* ${escapeText(truncate(talep.subject, 200))}>` })),
      talepButtons(talep, 'nt_thread_reply', m),
    ],
  };
}

export interface ExistingTalep {
  id: number;
  /** Unknown when the help desk would not show the talep to this user. */
  subject?: string;
  url?: string;
}

/** "Open a talep" on a message that already opened one: offer it instead of a duplicate. */
export function alreadyOpenedView(talep: ExistingTalep, m: Messages = english): ModalView {
  const subject = talep.subject ? `\n${escapeText(truncate(talep.subject, 500))}` : '';
  return modal({
    title: m.t('newTalep.openTitle'),
    close: m.t('kit.close'),
    blocks: [
      section(`:information_source: *${m.t('newTalep.alreadyOpened', { id: talep.id })}*${subject}`),
      talepButtons(talep, 'nt_existing', m),
      context(m.t('newTalep.addInsteadOfDuplicate')),
    ],
  });
}

/** Another person's submission is opening a talep from this message right now. */
export function beingOpenedView(by: string, m: Messages = english): ModalView {
  return modal({
    title: m.t('newTalep.openTitle'),
    close: m.t('kit.close'),
    blocks: [
      section(`:hourglass_flowing_sand: ${m.t('newTalep.beingOpened', { user: escapeText(by) })}`),
      context(`${m.t('newTalep.linkedInThread')} ${m.t('newTalep.addInsteadOfDuplicate')}`),
    ],
  });
}

/**
 * The talep was not filed: the reason, then what the person wrote, so nothing is lost where the form
 * cannot come back (a DM, a channel). In the modal only the reason is used (the form comes back).
 */
export function notFiledMessage(reason: SlackMessage, typed: { subject: string; body: string }): SlackMessage {
  return { text: reason.text, blocks: [...(reason.blocks ?? [section(reason.text)]), section(typedTextToCopy(typed))] };
}

/** What the person wrote, quoted to copy (escaped, within a section's limit). */
export function typedTextToCopy(typed: { subject?: string; body?: string }): string {
  const quoted = escapeText(truncate(`${typed.subject ?? ''}\n${typed.body ?? ''}`.trim(), 2500))
    .split('\n')
    .map((line) => `>${line}`)
    .join('\n');
  return `Your talep was not filed; here it is to copy:\n${quoted}`;
}

/** A copy of a submission whose talep will not be filed (given up or cancelled): where it stands. */
export const notFiledView = (text: string): ModalView => newTalepProblemView(text);
