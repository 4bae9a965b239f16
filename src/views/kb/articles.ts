/**
 * Knowledge-base views: the list of matching articles, one article (ephemeral, in a modal, or shared in
 * a channel), the "new article" modal and its confirmation. Pure: data → Block Kit JSON.
 *
 * Article bodies come from the help desk and may be HTML (`htmlToMrkdwn` of ./html-mrkdwn.ts turns them
 * into safe Slack mrkdwn). ForTechsOnly articles are marked ":lock: agents only" and never rendered for
 * a channel.
 */
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
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function articleListMessage({ words, category, rows }: ArticleListData): SlackMessage {
  const where = category ? ` in *${escapeText(category)}*` : '';
  const what = words.length ? ` matching ${quoted(words)}` : '';
  if (rows.length === 0) {
    const text = `:mag: No knowledge-base article${what}${where}.`;
    return { text, blocks: [section(text), context('Try fewer or shorter words; every word must appear in the subject or the category.')] };
  }
  const shown = rows.slice(0, MAX_LISTED);
  const rest = rows.length - shown.length;
  const intro = words.length || category
    ? `:books: ${plural(rows.length, 'article', 'articles')}${what}${where}`
    : `:books: The newest knowledge-base articles (${rows.length} in all)`;
  const blocks: Block[] = [section(intro)];
  for (const row of shown) {
    const lock = row.techOnly ? ` · ${AGENTS_ONLY}` : '';
    blocks.push(
      section(
        `*${escapeText(truncate(row.subject, 200))}*\n${escapeText(row.category)} · ${slackDate(row.created, '{date_short_pretty}')}${lock}`,
        button('Show', KbIds.show, String(row.id)),
      ),
    );
  }
  if (rest > 0) blocks.push(context(`…and ${plural(rest, 'more article', 'more articles')}. Add words or \`category:<name>\` to narrow it down.`));
  // Subjects of agents-only articles are agents-only content too.
  return confidentialIf(shown.some((row) => row.techOnly), { text: `Knowledge base: ${plural(rows.length, 'article', 'articles')}${what}${where}`, blocks });
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

export const articleNotFoundText = (id: number) => `:mag: Article #${id} was not found.`;

function articleBlocks({ article, techOnly, helpdeskWebUrl }: ArticleCardData, surface: ArticleAudience): Block[] {
  if (surface.kind === 'public' && techOnly !== false) {
    throw new Error(`Article ${article.ArticleId} is not known to be public; it must not be posted in a channel.`);
  }
  const url = safeUrl(article.Url, helpdeskWebUrl);
  const body = htmlToMrkdwn(article.Body, { maxLength: BODY_LIMIT, ...(url ? { baseUrl: url } : {}) });
  const meta = [
    escapeText(article.CategoryName || 'No category'),
    slackDate(article.DateCreated, '{date_short_pretty}'),
    `Article #${article.ArticleId}`,
    ...(techOnly ? [AGENTS_ONLY] : []),
  ];
  const blocks: Block[] = [header(`:book: ${truncate(article.Subject, 140)}`), context(meta.join(' · '))];
  blocks.push(section(body.text || '_This article has no text._'));
  if (body.truncated) {
    blocks.push(context(url ? `Shortened here. <${escapeText(url)}|Read the whole article in the help desk>.` : 'Shortened here.'));
  }
  const buttons: types.Button[] = [];
  if (url?.startsWith('http')) buttons.push(linkButton('Open in help desk', url, KbIds.openLink));
  if (surface.kind === 'private' && techOnly === false) {
    buttons.push(button('Share in channel', KbIds.share, String(article.ArticleId)));
  }
  if (buttons.length) blocks.push(actions('kb_article', buttons));
  if (surface.kind === 'public') {
    blocks.push(context(`:mega: Shared by <@${surface.sharedBySlackUserId}> from the knowledge base`));
  } else if (techOnly) {
    blocks.push(context(':lock: This article is for agents only, so it cannot be shared in a channel.'));
  } else if (techOnly === undefined) {
    blocks.push(context('The help desk did not say whether this article is for agents only, so it cannot be shared in a channel.'));
  } else if (surface.kind === 'modal') {
    blocks.push(context(`To share it in a channel, run \`/talep kb ${article.ArticleId}\` there.`));
  }
  return blocks;
}

export function articleMessage(data: ArticleCardData, surface: ArticleAudience = { kind: 'private' }): SlackMessage {
  const subject = escapeText(data.article.Subject);
  const text = surface.kind === 'public'
    ? `Knowledge-base article: ${subject}, shared by <@${surface.sharedBySlackUserId}>`
    : `Article #${data.article.ArticleId}: ${subject}`;
  // An article not known to be public is shown only ephemerally or in a modal, like agents-only comments.
  return confidentialIf(surface.kind !== 'public' && data.techOnly !== false, { text, blocks: articleBlocks(data, surface) });
}

export function articleModal(data: ArticleCardData): ModalView {
  return modal({ title: 'Knowledge base', close: 'Close', blocks: articleBlocks(data, { kind: 'modal' }) });
}

export function shareRefusedMessage(id: number, techOnly: boolean | undefined): SlackMessage {
  return {
    text: techOnly
      ? `:lock: Article #${id} is for agents only, so it cannot be shared in a channel.`
      : `:lock: The help desk did not say whether article #${id} is for agents only, so it is not shared in a channel.`,
  };
}

export const sharedMessage = (id: number, channelId: string): SlackMessage => ({ text: `:mega: Shared article #${id} in <#${channelId}>.` });

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
function categorySelect(categories: readonly ArticleCategoryChoice[], selected: number | undefined): types.StaticSelect {
  const initial = categories.find((category) => category.id === selected);
  const base = {
    type: 'static_select' as const,
    action_id: FORM_VALUE,
    placeholder: plain('Choose a category'),
    ...(initial ? { initial_option: categoryOption(initial) } : {}),
  };
  if (categories.length <= MAX_OPTIONS) return { ...base, options: categories.map(categoryOption) };
  const sections = new Map<string, ArticleCategoryChoice[]>();
  for (const category of categories) {
    const key = category.section || 'Other';
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

export function newArticleModal({ categories, values = {}, problem, warnNotAgent }: NewArticleModalData): ModalView {
  const blocks: Block[] = [];
  if (problem) blocks.push(problemBlock(problem));
  if (warnNotAgent) {
    blocks.push(context(':lock: Writing articles needs help-desk *agent* (Temsilci) permission; the help desk will refuse it for a regular user.'));
  }
  blocks.push(
    {
      type: 'input',
      block_id: NewArticleBlocks.category,
      label: plain('Category'),
      element: categorySelect(categories, values.categoryId),
    },
    textInput(NewArticleBlocks.subject, 'Subject', values.subject, { optional: false, maxLength: SUBJECT_MAX }),
    textInput(NewArticleBlocks.body, 'Article', values.body, {
      optional: false,
      multiline: true,
      maxLength: ARTICLE_BODY_MAX,
      hint: 'Plain text; blank lines separate paragraphs.',
    }),
    checkboxInput(NewArticleBlocks.techOnly, 'Visibility', 'Agents only (hidden from regular users)', values.techOnly ?? false),
  );
  return modal({ title: NEW_TITLE, submit: 'Create', callback_id: KbIds.newCallback, blocks });
}

export function noCategoriesView(): ModalView {
  return modal({ title: NEW_TITLE, close: 'Close', blocks: [section(':warning: The help desk lists no knowledge-base category you can write in.')] });
}

export function articleCreatedView(created: { id: number; subject: string; techOnly: boolean }): ModalView {
  const lock = created.techOnly ? ` (${AGENTS_ONLY})` : '';
  return modal({
    title: NEW_TITLE,
    close: 'Done',
    blocks: [
      section(`:white_check_mark: Created article #${created.id} “${escapeText(truncate(created.subject, 500))}”${lock}.`),
      actions('kb_created', [button('Show', KbIds.show, String(created.id), 'primary')]),
    ],
  });
}

export const newArticleTitle = NEW_TITLE;
