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
import { isClosed, StatusId, statusEmoji, statusIdOf, statuses } from '../../domain/status.js';
import { priorityEmoji, standardPriorities } from '../../domain/priority.js';
import { english, type Messages } from '../../i18n/messages.js';
import { priorityLabel, statusName } from '../kit/words.js';
import { CARD_EXTRAS, type CardExtra, cardChangeValue, cardExtraValue, TalepCardIds } from './ids.js';

const extraLabel = (extra: CardExtra, m: Messages): string => {
  switch (extra) {
    case 'relations': return m.t('card.extra.relations');
    case 'fields': return m.t('card.extra.fields');
    case 'files': return m.t('card.extra.files');
    case 'subscribers': return m.t('card.extra.subscribers');
    case 'comments': return m.t('card.extra.comments');
  }
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

function titleText(talep: Talep, url: string, m: Messages): string {
  const subject = escapeText(truncate(talep.Subject.replace(/\s+/g, ' ').trim(), 250)) || m.t('card.noSubject');
  return `:ticket: *<${url}|#${talep.TalepID}>*  ${subject}`;
}

/** A person the help desk named only by id shows as `user #id`. */
function userName(user: TalepPerson | null | undefined, m: Messages): string | undefined {
  return user && user.UserID !== 0 ? escapeText(user.Username ?? user.FullName ?? m.t('card.userById', { id: user.UserID })) : undefined;
}

function fieldTexts(data: TalepCardData, m: Messages): string[] {
  const { talep } = data;
  const secondary = secondaryAssignees.safeParse(talep['SecondaryAssignees']);
  const also = secondary.success ? secondary.data.map((user) => escapeText(user.Username)).join(', ') : '';
  const emoji = statusEmoji(statusIdOf(talep));
  const status = `${emoji ? `${emoji} ` : ''}${escapeText(statusName(talep, m))}`;
  const priorityMark = priorityEmoji(talep.Priority);
  const priority = `${priorityMark ? `${priorityMark} ` : ''}${escapeText(priorityLabel(talep.Priority, data.priorities, m))}`;
  let due = m.t('card.none');
  if (talep.DueDate) {
    const overdue = talep.DueDate.getTime() < data.now.getTime() && !isClosed(talep);
    due = `${slackDate(talep.DueDate)}${overdue ? m.t('card.overdue') : ''}`;
  }
  const tags = talep.Tags.map((tag) => `\`${escapeText(tag.Name.replaceAll('`', "'"))}\``).join(' ');
  return [
    `*${m.t('card.status')}*\n${status}`,
    `*${m.t('card.priority')}*\n${priority}`,
    `*${m.t('card.category')}*\n${escapeText(talep.CategoryName) || '—'}`,
    `*${m.t('card.submitter')}*\n${userName(talep.SubmitterUserInfo, m) ?? '—'}`,
    `*${m.t('card.assignee')}*\n${userName(talep.AssigneeUserInfo, m) ?? m.t('card.unassigned')}`,
    ...(also ? [`*${m.t('card.alsoAssigned')}*\n${also}`] : []),
    `*${m.t('card.due')}*\n${due}`,
    ...(talep.IssueDate ? [`*${m.t('card.opened')}*\n${slackDate(talep.IssueDate, '{date_short_pretty}')}`] : []),
    `*${m.t('card.tags')}*\n${tags || m.t('card.none')}`,
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

function attachmentsBlock(talep: Talep, m: Messages): Block | undefined {
  if (talep.Attachments.length === 0) return undefined;
  const links = talep.Attachments.slice(0, 20).map((file) => {
    const name = escapeText(truncate(file.FileName, 80)) || m.t('card.file');
    const url = safeUrl(file.Url);
    return url ? `<${url}|${name}>` : name;
  });
  const more = talep.Attachments.length > links.length ? m.t('card.moreFiles', { count: talep.Attachments.length - links.length }) : '';
  return section(`:paperclip: ${links.join(', ')}${more}`);
}

function attachmentsCountBlock(talep: Talep, m: Messages): Block {
  return context(m.t('card.filesCount', { count: talep.Attachments.length }));
}

function trackersBlock(data: TalepCardData, m: Messages): Block | undefined {
  const text = trackerLinksText(data.integrations, m);
  return text ? context(text) : undefined;
}

/** "More" on private cards: the overflow that opens the talep's relations, fields, files and subscribers. */
function extrasBlock(talepId: number, m: Messages): Block {
  return {
    type: 'section',
    block_id: TalepCardIds.extras,
    text: { type: 'mrkdwn', text: m.t('card.moreLine') },
    accessory: {
      type: 'overflow',
      action_id: TalepCardIds.extras,
      options: CARD_EXTRAS.map((extra) => option(extraLabel(extra, m), cardExtraValue(extra, talepId))),
    },
  };
}

function commentBlock(comment: Comment, m: Messages): Block {
  const lock = comment.ForTechsOnly ? m.t('card.agentsOnly') : '';
  const who = comment.IsSystem ? m.t('card.system') : `*${escapeText(comment.UserName)}*`;
  const body = escapeText(truncate(comment.Body.trim(), COMMENT_PREVIEW)) || m.t('card.empty');
  const head = `${who} · ${slackDate(comment.CommentDate)}${lock}`;
  return comment.IsSystem ? context(`${head}\n${body}`) : section(`${head}\n${body}`);
}

function commentBlocks(data: TalepCardData, surface: CardAudience, m: Messages): Block[] {
  const shown = visibleComments(data.comments, surface);
  const total = showsPrivateComments(surface) ? data.comments.length : data.comments.filter((c) => !c.ForTechsOnly).length;
  if (total === 0) return [context(m.t('card.noComments'))];
  const heading = total > shown.length ? m.t('card.latestComments', { shown: shown.length, total }) : m.t('card.comments');
  return [section(heading), ...shown.map((comment) => commentBlock(comment, m))];
}

/**
 * Status and priority in one select with option groups: an overflow menu allows only 5 options, and
 * 3 statuses + 4 priorities (minus the current ones, plus a custom priority) do not always fit.
 */
function changeSelect(talep: Talep, m: Messages): types.StaticSelect {
  const statusId = statusIdOf(talep);
  const statusOptions = statuses
    .filter((choice) => choice.id !== statusId)
    .map((choice) =>
      option(m.t('card.statusOption', { name: statusName({ StatusID: choice.id }, m) }), cardChangeValue({ talepId: talep.TalepID, kind: 'status', statusId: choice.id })),
    );
  const priorities = standardPriorities
    .filter((choice) => choice.id !== talep.Priority)
    .map((choice) =>
      option(m.t('card.priorityOption', { name: priorityLabel(choice.id, [], m) }), cardChangeValue({ talepId: talep.TalepID, kind: 'priority', priority: choice.id })),
    );
  return {
    type: 'static_select',
    action_id: TalepCardIds.change,
    placeholder: { type: 'plain_text', text: m.t('card.changePlaceholder'), emoji: true },
    option_groups: [
      { label: { type: 'plain_text', text: m.t('card.status') }, options: statusOptions },
      { label: { type: 'plain_text', text: m.t('card.priority') }, options: priorities },
    ],
  };
}

/** Which buttons this viewer can use; the help desk still decides, this only hides dead ends. */
export function cardButtons(
  data: TalepCardData,
  viewer: CardViewer,
  m: Messages = english,
): { work: types.ActionsBlockElement[]; more: types.ActionsBlockElement[] } {
  const { talep } = data;
  const id = String(talep.TalepID);
  const agent = isAgentRole(viewer.role);
  const own = talep.SubmitterUserInfo.UserID === viewer.helpdeskUserId;
  const closed = isClosed(talep);
  const work: types.ActionsBlockElement[] = [];
  if (viewer.worksOnCategory) work.push(button(m.t('card.commentButton'), TalepCardIds.comment, id, 'primary'));
  if (!closed && (agent || own)) {
    work.push(
      button(m.t('card.closeButton'), TalepCardIds.close, id, undefined, {
        confirm: confirm(
          m.t('card.closeQuestion', { id: talep.TalepID }),
          m.t('card.closeExplained'),
          m.t('card.closeConfirm'),
          'danger',
          m.t('kit.cancel'),
        ),
      }),
    );
  }
  if (agent && viewer.worksOnCategory && talep.AssigneeUserInfo?.UserID !== viewer.helpdeskUserId) {
    work.push(button(m.t('card.assignToMeButton'), TalepCardIds.assignToMe, id));
  }
  if (agent) work.push(changeSelect(talep, m));

  const more: types.ActionsBlockElement[] = [];
  // The submitter hears about their talep anyway; subscribing is for everyone else.
  if (!own) {
    more.push(
      viewer.subscribed
        ? button(m.t('card.unsubscribeButton'), TalepCardIds.unsubscribe, id)
        : button(m.t('card.subscribeButton'), TalepCardIds.subscribe, id),
    );
  }
  more.push(linkButton(m.t('card.openButton'), talepUrl(talep, data.talepUrlTemplate), TalepCardIds.openLink));
  // Regular users may only share their own taleps (anything else is someone's private data).
  if (agent || own) more.push(button(m.t('card.shareButton'), TalepCardIds.share, id));
  return { work, more };
}

/** The notification text is mrkdwn too: a subject such as `<!channel>` must not ping anyone. */
function fallbackText(talep: Talep, m: Messages): string {
  return m.t('card.fallback', {
    id: talep.TalepID,
    subject: escapeText(truncate(talep.Subject.replace(/\s+/g, ' ').trim(), 150)),
    status: escapeText(statusName(talep, m)),
  });
}

/**
 * The card. `notice` is a line above it saying what just happened (mrkdwn the caller escaped), e.g.
 * ":white_check_mark: Assigned to you.".
 */
/** `m`: the reader's words; a public card (shared in a channel) is in the channel's language. */
export function talepCard(data: TalepCardData, surface: CardAudience, notice?: string, m: Messages = english): SlackMessage {
  const { talep } = data;
  const url = talepUrl(talep, data.talepUrlTemplate);
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  blocks.push(section(titleText(talep, url, m)), fields(fieldTexts(data, m)));
  const body = bodyBlock(talep);
  if (body) blocks.push(body);
  if (surface.kind === 'public') {
    if (talep.Attachments.length > 0) blocks.push(context(m.t('card.publicFiles')));
  } else {
    // In a lasting message the names stay out when one of them may be of an agents-only comment.
    const files = surface.kind === 'direct' && mayListAgentsOnlyFiles(data, surface) ? attachmentsCountBlock(talep, m) : attachmentsBlock(talep, m);
    if (files) blocks.push(files);
    // Tracker links stay off public posts, like attachments: they point into other teams' systems.
    const trackers = trackersBlock(data, m);
    if (trackers) blocks.push(trackers);
  }
  blocks.push(...commentBlocks(data, surface, m));

  if (surface.kind === 'public') {
    blocks.push(
      actions(TalepCardIds.publicBlock, [
        button(m.t('card.showButton'), SharedActions.showTalep, String(talep.TalepID)),
        linkButton(m.t('card.openButton'), url, TalepCardIds.openLink),
      ]),
      context(m.t('card.sharedBy', { user: surface.sharedBySlackUserId, date: slackDate(data.now) })),
    );
    return { text: m.t('card.sharedText', { fallback: fallbackText(talep, m), user: surface.sharedBySlackUserId }), blocks };
  }

  const { work, more } = cardButtons(data, surface.viewer, m);
  if (work.length > 0) blocks.push(actions(TalepCardIds.workBlock, work));
  blocks.push(actions(TalepCardIds.moreBlock, more));
  blocks.push(extrasBlock(talep.TalepID, m));
  if (surface.viewer.subscribed) blocks.push(context(m.t('card.subscribed')));
  return confidentialIf(showsAgentsOnlyContent(data, surface), { text: fallbackText(talep, m), blocks });
}
