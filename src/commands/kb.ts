/**
 * The knowledge base: `/talep kb <words> [category:<name>]` (find articles), `/talep kb <id>` (show one,
 * with "Share in channel"), `/talep kb new` (write one; agents) and the Show / Share buttons.
 *
 * GET /Articles returns metadata only (no bodies), so the words are matched here against each
 * article's subject and category name, the same case-, accent- and Turkish-i-insensitive way search
 * resolves category names (`foldName`). Regular users never see ForTechsOnly articles: the help desk
 * leaves them out, and this module filters them out again in case it does not. Such an article is
 * never posted in a channel, whoever asks.
 */
import type { BlockAction, ButtonAction, ViewOutput } from '@slack/bolt';
import type { ArticleList } from '../api/schemas.js';
import {
  type ArticleCardData,
  type ArticleCategoryChoice,
  articleCreatedView,
  articleListMessage,
  articleMessage,
  articleModal,
  articleNotFoundText,
  type ArticleRow,
  ARTICLE_BODY_MAX,
  KbIds,
  NewArticleBlocks,
  type NewArticleValues,
  newArticleModal,
  newArticleTitle,
  noCategoriesView,
  shareRefusedMessage,
  sharedMessage,
  SUBJECT_MAX,
} from '../views/kb.js';
import type { ModalView } from '../views/kit/blocks.js';
import { resultView, workingView } from '../views/kit/states.js';
import { FORM_VALUE } from '../views/kit/inputs.js';
import { cannotPostHereMessage } from '../views/kit/notices.js';
import { fail, ok, type Parsed } from './args.js';
import { formText, readElement } from '../slack/forms.js';
import { loadingRender, type ModalRender, openLoadingModal, withModalSession } from './modal-session.js';
import type { CommandModule } from './module.js';
import { viaRespond } from './reply.js';
import { foldName, resolveCategoryIds } from './search-criteria.js';
import { tokenize, unescapeSlack } from './search-query.js';
import type { Services } from '../slack/services.js';
import { type Session, whoActs, withSession } from './session.js';
import { cannotPostHere } from './legacy-card.js';

// ── Parsing (pure) ──────────────────────────────────────────────────────────────────────────────

export type KbCommand =
  | { kind: 'search'; words: string[]; category?: string }
  | { kind: 'show'; articleId: number }
  | { kind: 'new' };

export const KB_USAGE = 'kb <words> [category:<name>] | kb <id> | kb new';
const MAX_KB_TEXT = 500;
const NEW_WORDS = new Set(['new', 'create', 'write']);
const CATEGORY_KEYS = new Set(['category', 'cat']);

/**
 * `kb` (newest articles), `kb vpn "error 809" category:Network` (search), `kb 12` / `kb #12` (show),
 * `kb new` (form). A number alone is an id; put it in quotes to search for it.
 */
export function parseKbCommand(input: string): Parsed<KbCommand> {
  const text = input.trim();
  if (text.length > MAX_KB_TEXT) return fail(`That is too long to search for (at most ${MAX_KB_TEXT} characters).`);
  const id = /^#?(\d{1,9})$/.exec(text);
  if (id) return Number(id[1]) >= 1 ? ok({ kind: 'show', articleId: Number(id[1]) }) : fail('Article ids start at 1.');
  if (NEW_WORDS.has(text.toLowerCase())) return ok({ kind: 'new' });

  const words: string[] = [];
  let category: string | undefined;
  const tokens = tokenize(text);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token) continue;
    const filter = /^([A-Za-z]+):([\s\S]*)$/.exec(token.text);
    // `"category:x"` in quotes is a word; so is anything else with a colon (`error:809`, links).
    const key = filter?.[1]?.toLowerCase();
    if (!filter || !key || !CATEGORY_KEYS.has(key) || key.length + 1 > token.plainPrefix) {
      const word = unescapeSlack(token.text).trim();
      if (word) words.push(word);
      continue;
    }
    let value = (filter[2] ?? '').trim();
    const next = tokens[index + 1];
    // `category: Network` (a space after the colon) means the same as `category:Network`.
    if (!value && next) {
      value = next.text.trim();
      index += 1;
    }
    if (!value) return fail('`category:` needs a name, e.g. `category:Network` or `category:"Office Supplies"`.');
    if (category !== undefined) return fail('`category:` can be given only once.');
    category = unescapeSlack(value);
  }
  return ok({ kind: 'search', words, ...(category !== undefined ? { category } : {}) });
}

// ── Matching (pure) ─────────────────────────────────────────────────────────────────────────────

/**
 * The list's articles that the viewer may see and whose subject or category name contains every word
 * (folded: case, accents, Turkish dotted/dotless i), newest first.
 */
export function matchingArticles(list: ArticleList, words: readonly string[], viewer: { agent: boolean }): ArticleRow[] {
  const categories = new Map(list.Categories.map((category) => [category.CategoryID, category]));
  const wanted = words.map(foldName).filter(Boolean);
  const rows: ArticleRow[] = [];
  for (const article of list.Articles) {
    if (article.ForTechsOnly && !viewer.agent) continue;
    const category = categories.get(article.CategoryID);
    const categoryName = category ? category.NameWithSection || category.Name : `Category #${article.CategoryID}`;
    const haystacks = [article.Subject, categoryName, category?.Name ?? ''].map(foldName);
    if (!wanted.every((word) => haystacks.some((haystack) => haystack.includes(word)))) continue;
    rows.push({
      id: article.ArticleId,
      subject: article.Subject,
      category: categoryName,
      created: article.DateCreated,
      techOnly: article.ForTechsOnly,
    });
  }
  return rows.sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id);
}

export const categoryChoices = (list: ArticleList): ArticleCategoryChoice[] =>
  list.Categories.map((category) => ({
    id: category.CategoryID,
    name: category.NameWithSection || category.Name,
    section: category.Section,
  }));

type StateValues = ViewOutput['state']['values'];

export type NewArticleForm =
  | { ok: true; values: Required<NewArticleValues> }
  | { ok: false; errors: Record<string, string> };

/** The new-article modal's values, or inline errors keyed by block id (Slack's limits re-checked). */
export function readNewArticleForm(values: StateValues): NewArticleForm {
  const errors: Record<string, string> = {};
  const category = formText(values, NewArticleBlocks.category);
  const subject = formText(values, NewArticleBlocks.subject);
  const body = formText(values, NewArticleBlocks.body);
  if (!category || !/^\d{1,9}$/.test(category)) errors[NewArticleBlocks.category] = 'Choose a category.';
  if (!subject) errors[NewArticleBlocks.subject] = 'Write a subject.';
  else if (subject.length > SUBJECT_MAX) errors[NewArticleBlocks.subject] = `At most ${SUBJECT_MAX} characters.`;
  if (!body) errors[NewArticleBlocks.body] = 'Write the article.';
  else if (body.length > ARTICLE_BODY_MAX) errors[NewArticleBlocks.body] = `At most ${ARTICLE_BODY_MAX} characters.`;
  if (Object.keys(errors).length > 0 || !category || !subject || !body) return { ok: false, errors };
  const techOnly = readElement(values[NewArticleBlocks.techOnly]?.[FORM_VALUE]) === 'true';
  return { ok: true, values: { categoryId: Number(category), subject, body, techOnly } };
}

/** A button's article id; anything else (tampered, stale) → undefined. */
export function articleIdOf(value: string | undefined): number | undefined {
  const match = /^(\d{1,9})$/.exec(value ?? '');
  const id = match ? Number(match[1]) : 0;
  return id >= 1 ? id : undefined;
}

// ── Help-desk work ──────────────────────────────────────────────────────────────────────────────

/**
 * One article as the session's user may see it, or undefined when a regular user got an agents-only
 * article anyway. The single article's ForTechsOnly is not promised by the spec: when it is missing,
 * the list's metadata says.
 */
async function loadArticle(services: Services, session: Session, id: number): Promise<ArticleCardData | undefined> {
  const article = await session.hd.getArticle({ id });
  const techOnly =
    article.ForTechsOnly ?? (await session.hd.articles()).Articles.find((item) => item.ArticleId === id)?.ForTechsOnly;
  if (techOnly === true && !session.isAgent) return undefined;
  return { article, techOnly, helpdeskWebUrl: services.helpdeskWebUrl };
}

async function searchMessage(session: Session, command: Extract<KbCommand, { kind: 'search' }>) {
  let categoryId: number | undefined;
  if (command.category !== undefined) {
    // Categories are cached reference data, so naming one costs no extra call most of the time.
    const resolved = resolveCategoryIds([command.category], await session.hd.categories());
    if (!resolved.ok) return { text: `:warning: ${resolved.error}` };
    categoryId = resolved.value[0];
  }
  const list = await session.hd.articles(categoryId === undefined ? {} : { categoryId });
  const named = list.Categories.find((category) => category.CategoryID === categoryId);
  const categoryName = named ? named.NameWithSection || named.Name : command.category;
  return articleListMessage({
    words: command.words,
    ...(categoryName !== undefined ? { category: categoryName } : {}),
    rows: matchingArticles(list, command.words, { agent: session.isAgent }),
  });
}

/** The form with the categories the user may write in (GET /Articles lists them). */
async function newArticleForm(session: Session, values?: NewArticleValues, problem?: string): Promise<ModalView> {
  const categories = categoryChoices(await session.hd.articles());
  if (categories.length === 0) return noCategoriesView();
  return newArticleModal({
    categories,
    ...(values ? { values } : {}),
    ...(problem ? { problem } : {}),
    warnNotAgent: !session.isAgent,
  });
}

const articleSubject = (id: number) => ({ label: `Article #${id}` });

const KB_TITLE = 'Knowledge base';

// ── The module ──────────────────────────────────────────────────────────────────────────────────

export const kbModule: CommandModule = {
  name: 'kb',
  register({ app, services, router }) {
    router.add<KbCommand>({
      name: 'kb',
      aliases: ['article', 'articles'],
      usage: KB_USAGE,
      summary:
        'Knowledge base: find articles by words in the subject or category (`category:<name>` narrows it), ' +
        'show one by id (with Share in channel), `kb new` writes one (agents)',
      group: 'Knowledge base',
      audience: 'everyone',
      parse: parseKbCommand,
      run: async ({ asUser, reply, client, triggerId, teamId, userId }, command) => {
        switch (command.kind) {
          case 'search':
            return asUser(async (session) => reply.send(await searchMessage(session, command)));
          case 'show':
            return asUser(async (session) => {
              const data = await loadArticle(services, session, command.articleId);
              await reply.send(data ? articleMessage(data) : { text: articleNotFoundText(command.articleId) });
            }, articleSubject(command.articleId));
          case 'new':
            // Checks the link (no help-desk call), opens the modal at once, then loads the categories.
            return asUser(async () => {
              const opening = { triggerId, title: newArticleTitle, loading: 'Loading the categories…' };
              await openLoadingModal(services, { teamId, userId }, client, opening, async (session, update) => {
                await update(await newArticleForm(session));
              });
            });
        }
      },
    });

    // Show: from a list or a message, a new ephemeral answer (the list stays); inside a modal (the
    // "created" confirmation), the modal shows the article.
    app.action<BlockAction<ButtonAction>>(KbIds.show, async ({ ack, body, action, respond, client }) => {
      await ack();
      const id = articleIdOf(action.value);
      const who = whoActs(body);
      if (body.container?.['type'] === 'view' && body.view) {
        if (id === undefined) return;
        await withModalSession(services, who, client, body.view.id, loadingRender(KB_TITLE), async (session, update) => {
          const data = await loadArticle(services, session, id);
          await update(data ? articleModal(data) : resultView(KB_TITLE, articleNotFoundText(id)));
        }, articleSubject(id));
        return;
      }
      const reply = viaRespond(respond);
      if (id === undefined) {
        await reply.send({ text: ':warning: That button does not name an article. Run `/talep kb <words>` again.' });
        return;
      }
      await withSession(services, who, reply, async (session) => {
        const data = await loadArticle(services, session, id);
        await reply.send(data ? articleMessage(data) : { text: articleNotFoundText(id) });
      }, articleSubject(id));
    });

    // Share in channel: the article is read again as the presser (never trusting the button), and an
    // article that is, or may be, for agents only is refused.
    app.action<BlockAction<ButtonAction>>(KbIds.share, async ({ ack, body, action, respond, client }) => {
      await ack();
      const reply = viaRespond(respond);
      const id = articleIdOf(action.value);
      if (id === undefined) {
        await reply.send({ text: ':warning: That button does not name an article. Run `/talep kb <id>` again.' });
        return;
      }
      const channel = body.channel?.id;
      if (!channel) {
        await reply.send(cannotPostHereMessage());
        return;
      }
      await withSession(services, whoActs(body), reply, async (session) => {
        const data = await loadArticle(services, session, id);
        if (!data) {
          await reply.send({ text: articleNotFoundText(id) });
          return;
        }
        if (data.techOnly !== false) {
          await reply.send(shareRefusedMessage(id, data.techOnly));
          return;
        }
        const message = articleMessage(data, { kind: 'public', sharedBySlackUserId: session.userId });
        try {
          await client.chat.postMessage({ channel, ...message, unfurl_links: false, unfurl_media: false });
        } catch (error) {
          if (!cannotPostHere(error)) throw error;
          await reply.send(cannotPostHereMessage());
          return;
        }
        await reply.send(sharedMessage(id, channel));
      }, articleSubject(id));
    });

    // A link button still sends an action; it only needs its ack.
    app.action(KbIds.openLink, async ({ ack }) => ack());

    app.view(KbIds.newCallback, async ({ ack, body, view, client }) => {
      if (body.type !== 'view_submission') return;
      const form = readNewArticleForm(view.state.values);
      if (!form.ok) {
        await ack({ response_action: 'errors', errors: form.errors });
        return;
      }
      await ack({ response_action: 'update', view: workingView(newArticleTitle, 'Creating the article…') });
      const values = form.values;
      let session: Session | undefined;
      const render: ModalRender = {
        working: (text) => workingView(newArticleTitle, text),
        // A refusal shows the form again with what was typed, so nothing is lost.
        problem: async (text) => {
          if (session) {
            try {
              return await newArticleForm(session, values, text);
            } catch (error) {
              services.logger.debug('could not re-render the new-article form', error);
            }
          }
          return loadingRender(newArticleTitle).problem(text);
        },
      };
      await withModalSession(services, whoActs(body), client, view.id, render, async (current, update) => {
        session = current;
        const created = await current.hd.createArticle({
          categoryId: values.categoryId,
          subject: values.subject,
          body: values.body,
          forTechsOnly: values.techOnly,
        });
        await update(articleCreatedView({ id: created.id, subject: values.subject, techOnly: values.techOnly }));
      });
    });
  },
};
