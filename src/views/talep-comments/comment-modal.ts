/**
 * The comment modal: a multiline body, for agents an "agents only" checkbox and a comment-template
 * select that inserts the template's body into what was already written. Pure.
 *
 * Slack keeps what the user typed across `views.update` as long as the input's block_id stays the same,
 * so inserting a template means a NEW block_id (`<prefix><version>`) whose initial value is the old
 * text plus the template; the version travels in private_metadata.
 */
import type { types } from '@slack/bolt';
import type { CommentTemplate } from '../../api/schemas.js';
import { actions, type Block, context, escapeText, type ModalView, modal, option, plain, section, type SlackMessage, truncate } from '../kit/blocks.js';

export const CommentModalIds = {
  callbackId: 'talep_comment_modal',
  bodyBlockPrefix: 'talep_comment_body_v',
  bodyInput: 'talep_comment_body',
  privateBlock: 'talep_comment_private',
  privateInput: 'talep_comment_private',
  privateValue: 'agents_only',
  templateBlock: 'talep_comment_templates',
  templateSelect: 'talep_comment_template',
} as const;

/** Slack's limit for a plain-text input. */
export const COMMENT_MAX = 3000;

export const commentBodyBlockId = (version: number): string => `${CommentModalIds.bodyBlockPrefix}${version}`;

export interface CommentModalState {
  talepId: number;
  /** Agents get the "agents only" checkbox and the templates. */
  agent: boolean;
  /** `undefined`: still loading; `'failed'`: could not be loaded. Only for agents. */
  templates?: readonly CommentTemplate[] | 'failed';
  bodyVersion: number;
  /** The body's initial value (after a template was inserted). */
  body?: string;
  /** Encoded by the area's flow. */
  metadata: string;
  /** A banner above the form, e.g. why the last attempt failed (mrkdwn the caller escaped). */
  problem?: string;
}

function templateBlocks(state: CommentModalState): Block[] {
  if (!state.agent) return [];
  if (state.templates === undefined) return [context(':hourglass_flowing_sand: Loading comment templates…')];
  if (state.templates === 'failed') return [context(':warning: Comment templates could not be loaded; write the comment yourself.')];
  if (state.templates.length === 0) return [];
  const select: types.StaticSelect = {
    type: 'static_select',
    action_id: CommentModalIds.templateSelect,
    placeholder: plain('Insert a template…', 150),
    options: state.templates.slice(0, 100).map((template) => option(template.Name, String(template.TemplateId))),
  };
  return [actions(CommentModalIds.templateBlock, [select])];
}

export function commentModal(state: CommentModalState): ModalView {
  const blocks: Block[] = [];
  if (state.problem) blocks.push(section(state.problem));
  blocks.push(...templateBlocks(state));
  const body: types.InputBlock = {
    type: 'input',
    block_id: commentBodyBlockId(state.bodyVersion),
    label: plain('Comment'),
    element: {
      type: 'plain_text_input',
      action_id: CommentModalIds.bodyInput,
      multiline: true,
      max_length: COMMENT_MAX,
      ...(state.body ? { initial_value: truncate(state.body, COMMENT_MAX) } : {}),
      placeholder: plain('What should the talep say?', 150),
    },
  };
  blocks.push(body);
  if (state.agent) {
    const agentsOnly = option(':lock: Agents only (the submitter does not see it)', CommentModalIds.privateValue);
    blocks.push({
      type: 'input',
      block_id: CommentModalIds.privateBlock,
      optional: true,
      label: plain('Visibility'),
      element: { type: 'checkboxes', action_id: CommentModalIds.privateInput, options: [agentsOnly] },
    });
  } else {
    blocks.push(context('The submitter and the talep\'s agents will see this comment.'));
  }
  return modal({
    title: `Comment on #${state.talepId}`,
    submit: 'Add comment',
    callback_id: CommentModalIds.callbackId,
    private_metadata: state.metadata,
    blocks,
  });
}

/** The body with a template inserted after what was already written. */
export function insertTemplate(current: string | undefined, template: string): string {
  const before = (current ?? '').trimEnd();
  return truncate(before ? `${before}\n\n${template}` : template, COMMENT_MAX);
}

/** After the modal closed: what the user wrote, so a failure never loses it. */
export function unsavedCommentMessage(problem: string, body: string): { text: string } {
  const quoted = escapeText(truncate(body, 2500)).split('\n').map((line) => `>${line}`).join('\n');
  return { text: `${problem}\nYour comment was not saved; here it is to copy:\n${quoted}` };
}

/** What `/talep comment` and the modal's submission say above the refreshed card. */
export const commentNotice = (talepId: number, agentsOnly: boolean): string =>
  `:speech_balloon: Comment added to #${talepId}${agentsOnly ? ' (:lock: agents only)' : ''}.`;

/** The card could not be shown where the modal was opened: the Messages tab gets the notice only (a card there would stay). */
export const commentAddedElsewhere = (notice: string, talepId: number): SlackMessage => ({
  text: `${notice} \`/talep show ${talepId}\` shows the talep.`,
});

export const onlyAgentsCommentMessage: SlackMessage = {
  text: ":no_entry: In this help desk only the talep's category agents (and admins) can add comments.",
};
