/**
 * The talep card: one talep at a glance with the buttons to work it. Pure: the command modules fetch the
 * talep, its comments and who is looking; this lays them out for one surface.
 *
 * The audience decides what may appear:
 * - `ephemeral`: only the viewer sees it. Agents see ForTechsOnly comments, marked ":lock: agents only".
 * - `direct`: the app's Messages tab (no response_url to answer through, e.g. a button in a modal). The
 *   viewer alone reads it, but it stays, so ForTechsOnly comments are left out as for everyone, and so
 *   are the names of files when one may belong to such a comment (the help desk does not say which
 *   comment a file came with; it hides such files from regular users only).
 * - `public`: posted to a channel by "Share in channel". Never ForTechsOnly comments, never attachments
 *   (a file attached to an agents-only comment is listed among the talep's attachments and cannot be told
 *   apart), no work buttons; it says who shared it.
 *
 * An ephemeral card that shows agents-only comments (or names files that may be theirs) is marked
 * `confidential`: the kernel's surfaces never let it fall back into a DM.
 */
import type { types } from '@slack/bolt';
import * as z from 'zod';
import type { Comment, IntegrationData, Priority, Talep, TalepPerson } from '../../api/schemas.js';
import { talepUrl } from '../../domain/talep-link.js';
import {
  actions,
  type Block,
  button,
  confidentialIf,
  confirm,
  context,
  escapeText,
  fields,
  linkButton,
  option,
  section,
  type SlackMessage,
  slackDate,
  truncate,
} from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';
import { safeUrl } from '../kit/links.js';
import { trackerLinksText } from '../kit/tracker-links.js';
import { isAgentRole, type HelpdeskRole } from '../../domain/roles.js';
import { isClosed, StatusId, statusDisplayName, statusEmoji, statusIdOf, statuses } from '../../domain/status.js';
import { priorityEmoji, priorityName, standardPriorities } from '../../domain/priority.js';
import { CARD_EXTRAS, type CardExtra, cardChangeValue, cardExtraValue, TalepCardIds } from './ids.js';

const extraLabels: Record<CardExtra, string> = {
  relations: 'Related and sub-taleps',
  fields: 'Custom fields',
  files: 'Attachments',
  subscribers: 'Subscribers',
  comments: 'All comments',
};

export const LATEST_COMMENTS = 3;
const BODY_PREVIEW = 700;
const COMMENT_PREVIEW = 500;

export type ViewerRole = HelpdeskRole;

export interface CardViewer {
  helpdeskUserId: number;
  role: ViewerRole;
  /** Admin, or agent of the talep's category: may comment and take the talep (the spec's rule). */
  worksOnCategory: boolean;
  /** `undefined`: unknown (the subscriber list could not be read); Subscribe is offered. */
  subscribed?: boolean;
}

export type CardAudience =
  | { kind: 'ephemeral'; viewer: CardViewer }
  | { kind: 'direct'; viewer: CardViewer }
  | { kind: 'public'; sharedBySlackUserId: string };

export interface TalepCardData {
  talep: Talep;
  comments: readonly Comment[];
  /** The reference list, needed only to name a custom priority. */
  priorities?: readonly Priority[];
  /** The talep's page when it has no `Url`, `{id}` for its id (see api/talep-link.ts). */
  talepUrlTemplate: string;
  now: Date;
  /** TalepIntegrationData: `<Tracker>IssueUrl` links, shown on private cards. */
  integrations?: IntegrationData;
}

// ── small pure helpers (exported for the command modules and tests) ─────────────────────────────────

/** ForTechsOnly comments only for an agent looking at an ephemeral card. */
export function showsPrivateComments(surface: CardAudience): boolean {
  return surface.kind === 'ephemeral' && isAgentRole(surface.viewer.role);
}

/** The latest comments this surface may show, oldest first. */
export function visibleComments(comments: readonly Comment[], surface: CardAudience, limit = LATEST_COMMENTS): Comment[] {
  const allowed = showsPrivateComments(surface) ? comments : comments.filter((comment) => !comment.ForTechsOnly);
  return [...allowed]
    .sort((a, b) => a.CommentDate.getTime() - b.CommentDate.getTime() || a.CommentID - b.CommentID)
    .slice(-limit);
}

export { trackerLinks } from '../kit/tracker-links.js';

/** GUESSED extra of the talep record (the sandbox sends it): the secondary assignees. */
const secondaryAssignees = z.array(z.looseObject({ UserID: z.int(), Username: z.string() }));

// ── the card ─────────────────────────────────────────────────────────────────────────────────────

function titleText(talep: Talep, url: string): string {
  const subject = escapeText(truncate(talep.Subject.replace(/\s+/g, ' ').trim(), 250)) || '_(no subject)_';
  return `:ticket: *<${url}|#${talep.TalepID}>*  ${subject}`;
}

/** A person the help desk named only by id shows as `user #id`. */
function userName(user: TalepPerson | null | undefined): string | undefined {
  return user && user.UserID !== 0 ? escapeText(user.Username ?? user.FullName ?? `user #${user.UserID}`) : undefined;
}

function fieldTexts(data: TalepCardData): string[] {
  const { talep } = data;
  const secondary = secondaryAssignees.safeParse(talep['SecondaryAssignees']);
  const also = secondary.success ? secondary.data.map((user) => escapeText(user.Username)).join(', ') : '';
  const emoji = statusEmoji(statusIdOf(talep));
  const status = `${emoji ? `${emoji} ` : ''}${escapeText(statusDisplayName(talep))}`;
  const priorityMark = priorityEmoji(talep.Priority);
  const priority = `${priorityMark ? `${priorityMark} ` : ''}${escapeText(priorityName(talep.Priority, data.priorities))}`;
  let due = '_none_';
  if (talep.DueDate) {
    const overdue = talep.DueDate.getTime() < data.now.getTime() && !isClosed(talep);
    due = `${slackDate(talep.DueDate)}${overdue ? '  :warning: _overdue_' : ''}`;
  }
  const tags = talep.Tags.map((tag) => `\`${escapeText(tag.Name.replaceAll('`', "'"))}\``).join(' ');
  return [
    `*Status*\n${status}`,
    `*Priority*\n${priority}`,
    `*Category*\n${escapeText(talep.CategoryName) || '—'}`,
    `*Submitter*\n${userName(talep.SubmitterUserInfo) ?? '—'}`,
    `*Assignee*\n${userName(talep.AssigneeUserInfo) ?? '_unassigned_'}`,
    ...(also ? [`*Also assigned*\n${also}`] : []),
    `*Due*\n${due}`,
    ...(talep.IssueDate ? [`*Opened*\n${slackDate(talep.IssueDate, '{date_short_pretty}')}`] : []),
    `*Tags*\n${tags || '_none_'}`,
  ];
}

function bodyBlock(talep: Talep): Block | undefined {
  const body = talep.Body.trim();
  if (!body) return undefined;
  const quoted = escapeText(truncate(body, BODY_PREVIEW))
    .split('\n')
    .map((line) => `>${line}`)
    .join('\n');
  return section(quoted);
}

/**
 * Whether a file of the talep may belong to an agents-only comment as this surface sees it: the help
 * desk lists such files to agents (not to regular users), without saying which comment they came with.
 */
function mayListAgentsOnlyFiles(data: TalepCardData, surface: CardAudience): boolean {
  if (surface.kind === 'public' || !isAgentRole(surface.viewer.role)) return false;
  return data.talep.Attachments.length > 0 && data.comments.some((comment) => comment.ForTechsOnly);
}

/** Whether the card shows agents-only content: such comments, or names of files that may be theirs. */
export function showsAgentsOnlyContent(data: TalepCardData, surface: CardAudience): boolean {
  if (!showsPrivateComments(surface)) return false;
  return visibleComments(data.comments, surface).some((comment) => comment.ForTechsOnly) || mayListAgentsOnlyFiles(data, surface);
}

function attachmentsBlock(talep: Talep): Block | undefined {
  if (talep.Attachments.length === 0) return undefined;
  const links = talep.Attachments.slice(0, 20).map((file) => {
    const name = escapeText(truncate(file.FileName, 80)) || 'file';
    const url = safeUrl(file.Url);
    return url ? `<${url}|${name}>` : name;
  });
  const more = talep.Attachments.length > links.length ? ` and ${talep.Attachments.length - links.length} more` : '';
  return section(`:paperclip: ${links.join(', ')}${more}`);
}

function attachmentsCountBlock(talep: Talep): Block {
  const count = talep.Attachments.length;
  return context(`:paperclip: ${count} attachment${count === 1 ? '' : 's'}: *More → Attachments* lists them in a private reply.`);
}

function trackersBlock(data: TalepCardData): Block | undefined {
  const text = trackerLinksText(data.integrations);
  return text ? context(text) : undefined;
}

/** "More" on private cards: the overflow that opens the talep's relations, fields, files and subscribers. */
function extrasBlock(talepId: number): Block {
  return {
    type: 'section',
    block_id: TalepCardIds.extras,
    text: { type: 'mrkdwn', text: ':heavy_plus_sign: *More:* related and sub-taleps, custom fields, attachments, subscribers, all comments' },
    accessory: {
      type: 'overflow',
      action_id: TalepCardIds.extras,
      options: CARD_EXTRAS.map((extra) => option(extraLabels[extra], cardExtraValue(extra, talepId))),
    },
  };
}

function commentBlock(comment: Comment): Block {
  const lock = comment.ForTechsOnly ? '  :lock: _agents only_' : '';
  const who = comment.IsSystem ? ':gear: _system_' : `*${escapeText(comment.UserName)}*`;
  const body = escapeText(truncate(comment.Body.trim(), COMMENT_PREVIEW)) || '_(empty)_';
  const head = `${who} · ${slackDate(comment.CommentDate)}${lock}`;
  return comment.IsSystem ? context(`${head}\n${body}`) : section(`${head}\n${body}`);
}

function commentBlocks(data: TalepCardData, surface: CardAudience): Block[] {
  const shown = visibleComments(data.comments, surface);
  const total = showsPrivateComments(surface) ? data.comments.length : data.comments.filter((c) => !c.ForTechsOnly).length;
  if (total === 0) return [context(':speech_balloon: No comments yet.')];
  const heading = total > shown.length ? `:speech_balloon: *Latest comments* (${shown.length} of ${total})` : ':speech_balloon: *Comments*';
  return [section(heading), ...shown.map(commentBlock)];
}

/**
 * Status and priority in one select with option groups: an overflow menu allows only 5 options, and
 * 3 statuses + 4 priorities (minus the current ones, plus a custom priority) do not always fit.
 */
function changeSelect(talep: Talep): types.StaticSelect {
  const statusId = statusIdOf(talep);
  const statusOptions = statuses
    .filter((choice) => choice.id !== statusId)
    .map((choice) => option(`Status: ${choice.label}`, cardChangeValue({ talepId: talep.TalepID, kind: 'status', statusId: choice.id })));
  const priorities = standardPriorities
    .filter((choice) => choice.id !== talep.Priority)
    .map((choice) => option(`Priority: ${choice.label}`, cardChangeValue({ talepId: talep.TalepID, kind: 'priority', priority: choice.id })));
  return {
    type: 'static_select',
    action_id: TalepCardIds.change,
    placeholder: { type: 'plain_text', text: 'Status / priority…', emoji: true },
    option_groups: [
      { label: { type: 'plain_text', text: 'Status' }, options: statusOptions },
      { label: { type: 'plain_text', text: 'Priority' }, options: priorities },
    ],
  };
}

/** Which buttons this viewer can use; the help desk still decides, this only hides dead ends. */
export function cardButtons(data: TalepCardData, viewer: CardViewer): { work: types.ActionsBlockElement[]; more: types.ActionsBlockElement[] } {
  const { talep } = data;
  const id = String(talep.TalepID);
  const agent = isAgentRole(viewer.role);
  const own = talep.SubmitterUserInfo.UserID === viewer.helpdeskUserId;
  const closed = isClosed(talep);
  const work: types.ActionsBlockElement[] = [];
  if (viewer.worksOnCategory) work.push(button('Comment', TalepCardIds.comment, id, 'primary'));
  if (!closed && (agent || own)) {
    work.push(
      button('Close', TalepCardIds.close, id, undefined, {
        confirm: confirm(`Close talep #${talep.TalepID}?`, 'The submitter and subscribers get the help desk\'s closing e-mail.', 'Close talep'),
      }),
    );
  }
  if (agent && viewer.worksOnCategory && talep.AssigneeUserInfo?.UserID !== viewer.helpdeskUserId) {
    work.push(button('Assign to me', TalepCardIds.assignToMe, id));
  }
  if (agent) work.push(changeSelect(talep));

  const more: types.ActionsBlockElement[] = [];
  // The submitter hears about their talep anyway; subscribing is for everyone else.
  if (!own) {
    more.push(
      viewer.subscribed
        ? button('Unsubscribe', TalepCardIds.unsubscribe, id)
        : button('Subscribe', TalepCardIds.subscribe, id),
    );
  }
  more.push(linkButton('Open in help desk', talepUrl(talep, data.talepUrlTemplate), TalepCardIds.openLink));
  // Regular users may only share their own taleps (anything else is someone's private data).
  if (agent || own) more.push(button('Share in channel', TalepCardIds.share, id));
  return { work, more };
}

/** The notification text is mrkdwn too: a subject such as `<!channel>` must not ping anyone. */
function fallbackText(talep: Talep): string {
  return `Talep #${talep.TalepID}: ${escapeText(truncate(talep.Subject.replace(/\s+/g, ' ').trim(), 150))} (${escapeText(statusDisplayName(talep))})`;
}

/**
 * The card. `notice` is a line above it saying what just happened (mrkdwn the caller escaped), e.g.
 * ":white_check_mark: Assigned to you.".
 */
export function talepCard(data: TalepCardData, surface: CardAudience, notice?: string): SlackMessage {
  const { talep } = data;
  const url = talepUrl(talep, data.talepUrlTemplate);
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  blocks.push(section(titleText(talep, url)), fields(fieldTexts(data)));
  const body = bodyBlock(talep);
  if (body) blocks.push(body);
  if (surface.kind === 'public') {
    if (talep.Attachments.length > 0) blocks.push(context(':paperclip: Attachments are in the help desk.'));
  } else {
    // In a lasting message the names stay out when one of them may be of an agents-only comment.
    const files = surface.kind === 'direct' && mayListAgentsOnlyFiles(data, surface) ? attachmentsCountBlock(talep) : attachmentsBlock(talep);
    if (files) blocks.push(files);
    // Tracker links stay off public posts, like attachments: they point into other teams' systems.
    const trackers = trackersBlock(data);
    if (trackers) blocks.push(trackers);
  }
  blocks.push(...commentBlocks(data, surface));

  if (surface.kind === 'public') {
    blocks.push(
      actions(TalepCardIds.publicBlock, [
        button('Show', SharedActions.showTalep, String(talep.TalepID)),
        linkButton('Open in help desk', url, TalepCardIds.openLink),
      ]),
      context(`:mega: Shared by <@${surface.sharedBySlackUserId}> · as of ${slackDate(data.now)} · *Show* opens it with your own access`),
    );
    return { text: `${fallbackText(talep)}, shared by <@${surface.sharedBySlackUserId}>`, blocks };
  }

  const { work, more } = cardButtons(data, surface.viewer);
  if (work.length > 0) blocks.push(actions(TalepCardIds.workBlock, work));
  blocks.push(actions(TalepCardIds.moreBlock, more));
  blocks.push(extrasBlock(talep.TalepID));
  if (surface.viewer.subscribed) blocks.push(context(':bell: You are subscribed to this talep.'));
  return confidentialIf(showsAgentsOnlyContent(data, surface), { text: fallbackText(talep), blocks });
}
