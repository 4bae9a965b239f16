/**
 * Knowledge-base views: the list of matching articles, one article (ephemeral, in a modal, or shared in
 * a channel), the "new article" modal and its confirmation. Pure: data → Block Kit JSON.
 *
 * Article bodies come from the help desk and may be HTML (`htmlToMrkdwn` of ./html-mrkdwn.ts turns them
 * into safe Slack mrkdwn). ForTechsOnly articles are marked ":lock: agents only" and never rendered for
 * a channel.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { types } from '@slack/bolt';
import type { Article } from '../../api/schemas.js';
import {
  actions,
  type Block,
  button,
  confidentialIf,
  context,
  escapeText,
  header,
  linkButton,
  type ModalView,
  modal,
  option,
  plain,
  type PlainTextOption,
  section,
  type SlackMessage,
  slackDate,
  truncate,
} from '../kit/blocks.js';
import { problemBlock } from '../kit/states.js';
import { checkboxInput, FORM_VALUE, textInput } from '../kit/inputs.js';
import { htmlToMrkdwn, safeUrl } from '../kit/html-mrkdwn.js';

export const KbIds = {
  /** Button; value: the article id. Shows the article (ephemerally, or in the modal it sits in). */
  show: 'kb_show',
  /** Button; value: the article id. Posts the article publicly in the channel. */
  share: 'kb_share',
  /** Link button to the article's page; only needs an ack. */
  openLink: 'kb_open',
  newCallback: 'kb_new',
} as const;

export const NewArticleBlocks = {
  category: 'kb_new_category',
  subject: 'kb_new_subject',
  body: 'kb_new_body',
  techOnly: 'kb_new_tech_only',
} as const;

export const AGENTS_ONLY = ':lock: agents only';
/** Articles listed per answer; the rest is counted. */
export const MAX_LISTED = 15;
/** Room for the body in one section (Slack allows 3000 characters), leaving space for the "more" link. */
export const BODY_LIMIT = 2600;
export const SUBJECT_MAX = 250;
/** Slack's limit for a plain_text_input. */
export const ARTICLE_BODY_MAX = 3000;
const NEW_TITLE = 'New article';

// ── The list ────────────────────────────────────────────────────────────────────────────────────

export interface ArticleRow {
  id: number;
  subject: string;
  /** NameWithSection, e.g. "IT Support / Network". */
  category: string;
  created: Date;
  techOnly: boolean;
}

export interface ArticleListData {
  /** The words searched for, as typed (empty: the newest articles). */
  words: readonly string[];
  /** The category filter, by its name. */
  category?: string;
  /** Every match, newest first; the view shows the first MAX_LISTED. */
  rows: readonly ArticleRow[];
}

const quoted = (words: readonly string[]) => words.map((word) => `“${escapeText(word)}”`).join(' ');

export function articleListMessage({ words, category, rows }: ArticleListData, m: Messages = english): SlackMessage {
  const where = category ? m.t('kb.inCategory', { category: escapeText(category) }) : '';
  const what = words.length ? m.t('kb.matching', { words: quoted(words) }) : '';
  if (rows.length === 0) {
    const text = m.t('kb.none', { what, where });
    return { text, blocks: [section(text), context(m.t('kb.noneHint'))] };
  }
  const shown = rows.slice(0, MAX_LISTED);
  const rest = rows.length - shown.length;
  const intro = words.length || category ? m.t('kb.found', { count: rows.length, what, where }) : m.t('kb.newest', { count: rows.length });
  const blocks: Block[] = [section(intro)];
  for (const row of shown) {
    const lock = row.techOnly ? ` · ${m.t('kb.agentsOnly')}` : '';
    blocks.push(
      section(
        `*${escapeText(truncate(row.subject, 200))}*\n${escapeText(row.category)} · ${slackDate(row.created, '{date_short_pretty}')}${lock}`,
        button(m.t('kb.showButton'), KbIds.show, String(row.id)),
      ),
    );
  }
  if (rest > 0) blocks.push(context(m.t('kb.more', { count: rest })));
  // Subjects of agents-only articles are agents-only content too.
  return confidentialIf(shown.some((row) => row.techOnly), { text: m.t('kb.listText', { count: rows.length, what, where }), blocks });
}

// ── One article ─────────────────────────────────────────────────────────────────────────────────

export interface ArticleCardData {
  article: Article;
  /** `undefined`: the help desk did not say; such an article is never shared. */
  techOnly: boolean | undefined;
  /** Resolves a relative article Url. */
  helpdeskWebUrl: string;
}

/**
 * - `private`: an ephemeral answer in a conversation (Share in channel offered for public articles);
 * - `modal`: inside a modal (no channel to share in);
 * - `public`: posted by "Share in channel"; says who shared it. Never an agents-only article.
 */
export type ArticleAudience = { kind: 'private' } | { kind: 'modal' } | { kind: 'public'; sharedBySlackUserId: string };

export const articleNotFoundText = (id: number, m: Messages = english) => m.t('kb.notFound', { id });

function articleBlocks({ article, techOnly, helpdeskWebUrl }: ArticleCardData, surface: ArticleAudience, m: Messages): Block[] {
  if (surface.kind === 'public' && techOnly !== false) {
    throw new Error(`Article ${article.ArticleId} is not known to be public; it must not be posted in a channel.`);
  }
  const url = safeUrl(article.Url, helpdeskWebUrl);
  const body = htmlToMrkdwn(article.Body, { maxLength: BODY_LIMIT, ...(url ? { baseUrl: url } : {}) });
  const meta = [
    escapeText(article.CategoryName || m.t('kb.noCategory')),
    slackDate(article.DateCreated, '{date_short_pretty}'),
    m.t('kb.articleNumber', { id: article.ArticleId }),
    ...(techOnly ? [m.t('kb.agentsOnly')] : []),
  ];
  const blocks: Block[] = [header(`:book: ${truncate(article.Subject, 140)}`), context(meta.join(' · '))];
  blocks.push(section(body.text || m.t('kb.noText')));
  if (body.truncated) {
    blocks.push(context(url ? m.t('kb.shortenedLink', { url: escapeText(url) }) : m.t('kb.shortened')));
  }
  const buttons: types.Button[] = [];
  if (url?.startsWith('http')) buttons.push(linkButton(m.t('kb.openButton'), url, KbIds.openLink));
  if (surface.kind === 'private' && techOnly === false) {
    buttons.push(button(m.t('kb.shareButton'), KbIds.share, String(article.ArticleId)));
  }
  if (buttons.length) blocks.push(actions('kb_article', buttons));
  if (surface.kind === 'public') {
    blocks.push(context(m.t('kb.sharedBy', { user: surface.sharedBySlackUserId })));
  } else if (techOnly) {
    blocks.push(context(m.t('kb.agentsOnlyNoShare')));
  } else if (techOnly === undefined) {
    blocks.push(context(m.t('kb.unknownNoShare')));
  } else if (surface.kind === 'modal') {
    blocks.push(context(m.t('kb.shareHowTo', { id: article.ArticleId })));
  }
  return blocks;
}

/** `m`: the reader's words; a shared article (`public`) is in the channel's language. */
export function articleMessage(data: ArticleCardData, surface: ArticleAudience = { kind: 'private' }, m: Messages = english): SlackMessage {
  const subject = escapeText(data.article.Subject);
  const text = surface.kind === 'public'
    ? m.t('kb.sharedText', { subject, user: surface.sharedBySlackUserId })
    : m.t('kb.articleText', { id: data.article.ArticleId, subject });
  // An article not known to be public is shown only ephemerally or in a modal, like agents-only comments.
  return confidentialIf(surface.kind !== 'public' && data.techOnly !== false, { text, blocks: articleBlocks(data, surface, m) });
}

export function articleModal(data: ArticleCardData, m: Messages = english): ModalView {
  return modal({ title: m.t('kb.modalTitle'), close: m.t('kit.close'), blocks: articleBlocks(data, { kind: 'modal' }, m) });
}

export function shareRefusedMessage(id: number, techOnly: boolean | undefined, m: Messages = english): SlackMessage {
  return { text: techOnly ? m.t('kb.refusedAgentsOnly', { id }) : m.t('kb.refusedUnknown', { id }) };
}

export const sharedMessage = (id: number, channelId: string, m: Messages = english): SlackMessage => ({ text: m.t('kb.shared', { id, channel: channelId }) });

// ── The new-article modal ───────────────────────────────────────────────────────────────────────

export interface ArticleCategoryChoice {
  id: number;
  /** NameWithSection. */
  name: string;
  section: string | null;
}

export interface NewArticleValues {
  categoryId?: number;
  subject?: string;
  body?: string;
  techOnly?: boolean;
}

const MAX_OPTIONS = 100;

const categoryOption = (category: ArticleCategoryChoice): PlainTextOption => option(category.name, String(category.id));

/** Up to 100 categories as one list; more are grouped by section (100 groups of 100 at most). */
function categorySelect(categories: readonly ArticleCategoryChoice[], selected: number | undefined, m: Messages): types.StaticSelect {
  const initial = categories.find((category) => category.id === selected);
  const base = {
    type: 'static_select' as const,
    action_id: FORM_VALUE,
    placeholder: plain(m.t('kb.categoryPlaceholder')),
    ...(initial ? { initial_option: categoryOption(initial) } : {}),
  };
  if (categories.length <= MAX_OPTIONS) return { ...base, options: categories.map(categoryOption) };
  const sections = new Map<string, ArticleCategoryChoice[]>();
  for (const category of categories) {
    const key = category.section || m.t('kb.otherSection');
    sections.set(key, [...(sections.get(key) ?? []), category]);
  }
  // Slack lists 100 groups of 100 and refuses an initial option it does not list: the chosen category
  // (and its section) take the last place when they are further down.
  const groups = [...sections].slice(0, MAX_OPTIONS);
  const chosenGroup = initial ? [...sections].find(([, members]) => members.includes(initial)) : undefined;
  if (chosenGroup && !groups.includes(chosenGroup)) groups.splice(groups.length - 1, 1, chosenGroup);
  const option_groups = groups.map(([label, members]) => {
    const listed = members.slice(0, MAX_OPTIONS);
    if (initial && members.includes(initial) && !listed.includes(initial)) listed.splice(listed.length - 1, 1, initial);
    return { label: plain(label, 75), options: listed.map(categoryOption) };
  });
  return { ...base, option_groups };
}

export interface NewArticleModalData {
  categories: readonly ArticleCategoryChoice[];
  values?: NewArticleValues;
  /** Why the last attempt failed (the values are kept). */
  problem?: string;
  /** The stored role is a regular user: say up front that the help desk will likely refuse. */
  warnNotAgent?: boolean;
}

export function newArticleModal({ categories, values = {}, problem, warnNotAgent }: NewArticleModalData, m: Messages = english): ModalView {
  const blocks: Block[] = [];
  if (problem) blocks.push(problemBlock(problem));
  if (warnNotAgent) {
    blocks.push(context(m.t('kb.needsAgent')));
  }
  blocks.push(
    {
      type: 'input',
      block_id: NewArticleBlocks.category,
      label: plain(m.t('kb.category')),
      element: categorySelect(categories, values.categoryId, m),
    },
    textInput(NewArticleBlocks.subject, m.t('kb.subject'), values.subject, { optional: false, maxLength: SUBJECT_MAX }),
    textInput(NewArticleBlocks.body, m.t('kb.article'), values.body, {
      optional: false,
      multiline: true,
      maxLength: ARTICLE_BODY_MAX,
      hint: m.t('kb.bodyHint'),
    }),
    checkboxInput(NewArticleBlocks.techOnly, m.t('kb.visibility'), m.t('kb.agentsOnlyOption'), values.techOnly ?? false),
  );
  return modal({ title: m.t('kb.newTitle'), submit: m.t('kb.createSubmit'), close: m.t('kit.cancel'), callback_id: KbIds.newCallback, blocks });
}

export function noCategoriesView(m: Messages = english): ModalView {
  return modal({ title: m.t('kb.newTitle'), close: m.t('kit.close'), blocks: [section(m.t('kb.noCategories'))] });
}

export function articleCreatedView(created: { id: number; subject: string; techOnly: boolean }, m: Messages = english): ModalView {
  const lock = created.techOnly ? ` (${m.t('kb.agentsOnly')})` : '';
  return modal({
    title: m.t('kb.newTitle'),
    close: m.t('kit.done'),
    blocks: [
      section(m.t('kb.created', { id: created.id, subject: escapeText(truncate(created.subject, 500)), lock })),
      actions('kb_created', [button(m.t('kb.showButton'), KbIds.show, String(created.id), 'primary')]),
    ],
  });
}

export const newArticleTitle = NEW_TITLE;
