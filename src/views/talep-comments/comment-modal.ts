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
import { english, type Messages } from '../../i18n/messages.js';
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

function templateBlocks(state: CommentModalState, m: Messages): Block[] {
  if (!state.agent) return [];
  if (state.templates === undefined) return [context(m.t('comment.loadingTemplates'))];
  if (state.templates === 'failed') return [context(m.t('comment.templatesFailed'))];
  if (state.templates.length === 0) return [];
  const select: types.StaticSelect = {
    type: 'static_select',
    action_id: CommentModalIds.templateSelect,
    placeholder: plain(m.t('comment.templatePlaceholder'), 150),
    options: state.templates.slice(0, 100).map((template) => option(template.Name, String(template.TemplateId))),
  };
  return [actions(CommentModalIds.templateBlock, [select])];
}

export function commentModal(state: CommentModalState, m: Messages = english): ModalView {
  const blocks: Block[] = [];
  if (state.problem) blocks.push(section(state.problem));
  blocks.push(...templateBlocks(state, m));
  const body: types.InputBlock = {
    type: 'input',
    block_id: commentBodyBlockId(state.bodyVersion),
    label: plain(m.t('comment.label')),
    element: {
      type: 'plain_text_input',
      action_id: CommentModalIds.bodyInput,
      multiline: true,
      max_length: COMMENT_MAX,
      ...(state.body ? { initial_value: truncate(state.body, COMMENT_MAX) } : {}),
      placeholder: plain(m.t('comment.bodyPlaceholder'), 150),
    },
  };
  blocks.push(body);
  if (state.agent) {
    const agentsOnly = option(m.t('comment.agentsOnlyOption'), CommentModalIds.privateValue);
    blocks.push({
      type: 'input',
      block_id: CommentModalIds.privateBlock,
      optional: true,
      label: plain(m.t('comment.visibility')),
      element: { type: 'checkboxes', action_id: CommentModalIds.privateInput, options: [agentsOnly] },
    });
  } else {
    blocks.push(context(m.t('comment.whoSees')));
  }
  return modal({
    title: m.t('comment.title', { id: state.talepId }),
    submit: m.t('comment.submit'),
    close: m.t('kit.cancel'),
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
export function unsavedCommentMessage(problem: string, body: string, m: Messages = english): { text: string } {
  const quoted = escapeText(truncate(body, 2500)).split('\n').map((line) => `>${line}`).join('\n');
  return { text: m.t('comment.unsaved', { problem, quoted }) };
}

/** What `/talep comment` and the modal's submission say above the refreshed card. */
export const commentNotice = (talepId: number, agentsOnly: boolean, m: Messages = english): string =>
  m.t(agentsOnly ? 'comment.addedAgentsOnly' : 'comment.added', { id: talepId });

/** The card could not be shown where the modal was opened: the Messages tab gets the notice only (a card there would stay). */
export const commentAddedElsewhere = (notice: string, talepId: number, m: Messages = english): SlackMessage => ({
  text: m.t('comment.showElsewhere', { notice, id: talepId }),
});

export const onlyAgentsComment = (m: Messages = english): SlackMessage => ({ text: m.t('comment.onlyAgents') });

export const onlyAgentsCommentMessage: SlackMessage = onlyAgentsComment();
