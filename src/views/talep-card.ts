/**
 * The talep card: one talep at a glance with the buttons to work it. Pure: the command modules fetch the
 * talep, its comments and who is looking; this lays them out for one surface.
 *
 * Surfaces decide what may appear:
 * - `ephemeral`: only the viewer sees it. Agents see ForTechsOnly comments, marked ":lock: agents only".
 * - `direct`: the app's Messages tab (no response_url to answer through, e.g. a button in a modal). The
 *   viewer alone reads it, but it stays, so ForTechsOnly comments are left out as for everyone.
 * - `public`: posted to a channel by "Share in channel". Never ForTechsOnly comments, never attachments
 *   (a file attached to an agents-only comment is listed among the talep's attachments and cannot be told
 *   apart), no work buttons; it says who shared it.
 */
import type { types } from '@slack/bolt';
import * as z from 'zod';
import type { Comment, IntegrationData, Priority, Talep, TalepPerson } from '../api/schemas.js';
import { talepUrl } from '../api/talep-link.js';
import {
  actions,
  type Block,
  button,
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
} from './blocks.js';
import { SharedActions } from './shared-actions.js';

export const TalepCardIds = {
  workBlock: 'talep_card_work',
  moreBlock: 'talep_card_more',
  publicBlock: 'talep_card_public',
  comment: 'talep_card_comment',
  close: 'talep_card_close',
  assignToMe: 'talep_card_assign_me',
  /** Static select: status and priority changes (value: see `cardChangeValue`). */
  change: 'talep_card_change',
  subscribe: 'talep_card_subscribe',
  unsubscribe: 'talep_card_unsubscribe',
  share: 'talep_card_share',
  openLink: 'talep_card_open',
  /** Overflow "More": relations, custom fields, attachments, subscribers, all comments (value: see `cardExtraValue`). */
  extras: 'talep_card_extras',
} as const;

export const LATEST_COMMENTS = 3;
const BODY_PREVIEW = 700;
const COMMENT_PREVIEW = 500;

export type ViewerRole = 'admin' | 'agent' | 'user';

export interface CardViewer {
  helpdeskUserId: number;
  role: ViewerRole;
  /** Admin, or agent of the talep's category: may comment and take the talep (the spec's rule). */
  worksOnCategory: boolean;
  /** `undefined`: unknown (the subscriber list could not be read); Subscribe is offered. */
  subscribed?: boolean;
}

export type CardSurface =
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

export const STATUS_IDS = { new: 1, progress: 2, closed: 3 } as const;
export const standardPriorities: Record<number, string> = { [-1]: 'Low', 0: 'Normal', 1: 'High', 2: 'Critical' };
const statusNames: Record<number, string> = { 1: 'New', 2: 'In progress', 3: 'Closed' };
const statusEmoji: Record<number, string> = { 1: ':new:', 2: ':arrows_counterclockwise:', 3: ':white_check_mark:' };
const priorityEmoji: Record<number, string> = { [-1]: ':small_blue_diamond:', 1: ':small_orange_diamond:', 2: ':red_circle:' };

/** Only plain web links become Slack links; anything else could break the `<url|text>` syntax. */
export const safeUrl = (url: string | undefined): string | undefined =>
  url && /^https?:\/\/[^\s<>|]+$/.test(url) ? url : undefined;

export function priorityName(priority: number, priorities: readonly Priority[] = []): string {
  return priorities.find((row) => row.PriorityID === priority)?.Name ?? standardPriorities[priority] ?? `Priority ${priority}`;
}

/** The status id: the sandbox sends `StatusID`; otherwise guessed from the name. */
export function statusIdOf(talep: Pick<Talep, 'Status' | 'StatusID'>): number | undefined {
  if (talep.StatusID !== undefined) return talep.StatusID;
  if (/\b(closed|resolved|kapal)/i.test(talep.Status)) return STATUS_IDS.closed;
  if (/progress|devam/i.test(talep.Status)) return STATUS_IDS.progress;
  if (/\b(new|yeni)\b/i.test(talep.Status)) return STATUS_IDS.new;
  return undefined;
}

export const isClosed = (talep: Pick<Talep, 'Status' | 'StatusID'>): boolean => statusIdOf(talep) === STATUS_IDS.closed;

const isAgentRole = (role: ViewerRole) => role === 'admin' || role === 'agent';

/** ForTechsOnly comments only for an agent looking at an ephemeral card. */
export function showsPrivateComments(surface: CardSurface): boolean {
  return surface.kind === 'ephemeral' && isAgentRole(surface.viewer.role);
}

/** The latest comments this surface may show, oldest first. */
export function visibleComments(comments: readonly Comment[], surface: CardSurface, limit = LATEST_COMMENTS): Comment[] {
  const allowed = showsPrivateComments(surface) ? comments : comments.filter((comment) => !comment.ForTechsOnly);
  return [...allowed]
    .sort((a, b) => a.CommentDate.getTime() - b.CommentDate.getTime() || a.CommentID - b.CommentID)
    .slice(-limit);
}

export type CardChange = { talepId: number; kind: 'status'; statusId: number } | { talepId: number; kind: 'priority'; priority: number };

/** The status/priority select's option value: `<talepId>|status|<id>` or `<talepId>|priority|<id>`. */
export function cardChangeValue(change: CardChange): string {
  return change.kind === 'status'
    ? `${change.talepId}|status|${change.statusId}`
    : `${change.talepId}|priority|${change.priority}`;
}

export function parseCardChange(value: string | undefined): CardChange | undefined {
  const match = /^(\d{1,9})\|(status|priority)\|(-?\d{1,4})$/.exec(value ?? '');
  if (!match) return undefined;
  const talepId = Number(match[1]);
  const id = Number(match[3]);
  if (talepId < 1) return undefined;
  if (match[2] === 'status') return id >= 1 && id <= 3 ? { talepId, kind: 'status', statusId: id } : undefined;
  return { talepId, kind: 'priority', priority: id };
}

/**
 * What the card's "More" menu opens; each is handled by the talep-extras / talep-relations / talep-comments
 * modules. Slack's overflow menu takes at most 5 options: this list is full.
 */
export const CARD_EXTRAS = ['relations', 'fields', 'files', 'subscribers', 'comments'] as const;
export type CardExtra = (typeof CARD_EXTRAS)[number];

const extraLabels: Record<CardExtra, string> = {
  relations: 'Related and sub-taleps',
  fields: 'Custom fields',
  files: 'Attachments',
  subscribers: 'Subscribers',
  comments: 'All comments',
};

/** The "More" option value: `<extra>|<talepId>`. */
export const cardExtraValue = (extra: CardExtra, talepId: number): string => `${extra}|${talepId}`;

export function parseCardExtra(value: string | undefined): { extra: CardExtra; talepId: number } | undefined {
  const match = /^([a-z]+)\|(\d{1,9})$/.exec(value ?? '');
  const extra = CARD_EXTRAS.find((candidate) => candidate === match?.[1]);
  const talepId = Number(match?.[2]);
  return extra && talepId >= 1 ? { extra, talepId } : undefined;
}

/** Linked tracker issues: one per `<Tracker>IssueUrl` that holds a plain web link, e.g. `{ tracker: 'Jira', url }`. */
export function trackerLinks(integrations: IntegrationData | undefined): { tracker: string; url: string }[] {
  return Object.entries(integrations ?? {}).flatMap(([key, value]) => {
    const tracker = /^(.+)IssueUrl$/.exec(key)?.[1];
    const url = safeUrl(value ?? undefined);
    return tracker && url ? [{ tracker, url }] : [];
  });
}

/** The last path segment of an issue link (`NET-42`, `12`), so two links of one tracker can be told apart. */
function issueKey(url: string): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  return /^[\w.-]{1,40}$/.test(segment) ? segment : '';
}

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
  const statusId = statusIdOf(talep);
  const status = `${statusId !== undefined && statusEmoji[statusId] ? `${statusEmoji[statusId]} ` : ''}${escapeText(talep.Status || (statusId ? (statusNames[statusId] ?? '') : '')) || '—'}`;
  const priority = `${priorityEmoji[talep.Priority] ? `${priorityEmoji[talep.Priority]} ` : ''}${escapeText(priorityName(talep.Priority, data.priorities))}`;
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

function trackersBlock(data: TalepCardData): Block | undefined {
  const links = trackerLinks(data.integrations).map(({ tracker, url }) => {
    const key = issueKey(url);
    return `<${url}|${escapeText(tracker)}${key ? ` ${escapeText(key)}` : ''}>`;
  });
  return links.length > 0 ? context(`:link: Linked issues: ${links.join(' · ')}`) : undefined;
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

function commentBlocks(data: TalepCardData, surface: CardSurface): Block[] {
  const shown = visibleComments(data.comments, surface);
  const total = showsPrivateComments(surface) ? data.comments.length : data.comments.filter((c) => !c.ForTechsOnly).length;
  if (total === 0) return [context(':speech_balloon: No comments yet.')];
  const heading = total > shown.length ? `:speech_balloon: *Latest comments* (${shown.length} of ${total})` : ':speech_balloon: *Comments*';
  return [section(heading), ...shown.map(commentBlock)];
}

const STATUS_CHOICES = [
  { id: STATUS_IDS.new, label: 'New' },
  { id: STATUS_IDS.progress, label: 'In progress' },
  { id: STATUS_IDS.closed, label: 'Closed' },
] as const;

/**
 * Status and priority in one select with option groups: an overflow menu allows only 5 options, and
 * 3 statuses + 4 priorities (minus the current ones, plus a custom priority) do not always fit.
 */
function changeSelect(talep: Talep): types.StaticSelect {
  const statusId = statusIdOf(talep);
  const statuses = STATUS_CHOICES.filter((choice) => choice.id !== statusId).map((choice) =>
    option(`Status: ${choice.label}`, cardChangeValue({ talepId: talep.TalepID, kind: 'status', statusId: choice.id })),
  );
  const priorities = Object.entries(standardPriorities)
    .map(([id, name]) => ({ id: Number(id), name }))
    .sort((a, b) => a.id - b.id)
    .filter((choice) => choice.id !== talep.Priority)
    .map((choice) => option(`Priority: ${choice.name}`, cardChangeValue({ talepId: talep.TalepID, kind: 'priority', priority: choice.id })));
  return {
    type: 'static_select',
    action_id: TalepCardIds.change,
    placeholder: { type: 'plain_text', text: 'Status / priority…', emoji: true },
    option_groups: [
      { label: { type: 'plain_text', text: 'Status' }, options: statuses },
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
  return `Talep #${talep.TalepID}: ${escapeText(truncate(talep.Subject.replace(/\s+/g, ' ').trim(), 150))} (${escapeText(talep.Status)})`;
}

/**
 * The card. `notice` is a line above it saying what just happened (mrkdwn the caller escaped), e.g.
 * ":white_check_mark: Assigned to you.".
 */
export function talepCard(data: TalepCardData, surface: CardSurface, notice?: string): SlackMessage {
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
    const files = attachmentsBlock(talep);
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
  return { text: fallbackText(talep), blocks };
}

/** A regular user asked about a talep that is not theirs (the help desk answered 403). */
export function foreignTalepMessage(talepId: number): SlackMessage {
  return { text: `:no_entry: Talep #${talepId} belongs to someone else: only its submitter and help-desk agents can open it.` };
}

export function shareRefusedMessage(talepId: number): SlackMessage {
  return { text: `:no_entry: You can share only your own taleps; talep #${talepId} is someone else's.` };
}

export function cannotPostHereMessage(): SlackMessage {
  return {
    text: ':speech_balloon: I cannot post in this conversation. Invite me to the channel (`/invite @talep-bot`) and press *Share in channel* again.',
  };
}
