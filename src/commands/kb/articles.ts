/**
 * Articles as the acting person may see them. GET /Articles returns metadata only (no bodies), so the
 * words are matched here against each article's subject and category name, the same case-, accent- and
 * Turkish-i-insensitive way categories are found (`searchKey`). Regular users never see ForTechsOnly
 * articles: the help desk leaves them out, and this filters them out again in case it does not.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { ArticleList } from '../../api/schemas.js';
import { resolveCategoryIds } from '../../domain/categories.js';
import { parseProblemText } from '../../i18n/parse-problems.js';
import { searchKey } from '../../domain/text-case.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import { type ArticleCardData, type ArticleCategoryChoice, articleListMessage, type ArticleRow, type NewArticleValues, newArticleModal, noCategoriesView } from '../../views/kb/articles.js';
import { escapeText, type ModalView, type SlackMessage } from '../../views/kit/blocks.js';
import type { KbCommand } from './parse.js';

/**
 * The list's articles that the viewer may see and whose subject or category name contains every word
 * (folded: case, accents, Turkish dotted/dotless i), newest first.
 */
export function matchingArticles(list: ArticleList, words: readonly string[], viewer: { agent: boolean }, m: Messages = english): ArticleRow[] {
  const categories = new Map(list.Categories.map((category) => [category.CategoryID, category]));
  const wanted = words.map(searchKey).filter(Boolean);
  const rows: ArticleRow[] = [];
  for (const article of list.Articles) {
    if (article.ForTechsOnly && !viewer.agent) continue;
    const category = categories.get(article.CategoryID);
    const categoryName = category ? category.NameWithSection || category.Name : m.t('kbList.categoryNumber', { id: article.CategoryID });
    const haystacks = [article.Subject, categoryName, category?.Name ?? ''].map(searchKey);
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

/**
 * One article as the session's user may see it, or undefined when a regular user got an agents-only
 * article anyway. The single article's ForTechsOnly is not promised by the spec: when it is missing,
 * the list's metadata says.
 */
export async function loadArticle(services: Services, actor: Actor, id: number): Promise<ArticleCardData | undefined> {
  const article = await actor.hd.getArticle({ id });
  const techOnly =
    article.ForTechsOnly ?? (await actor.hd.articles()).Articles.find((item) => item.ArticleId === id)?.ForTechsOnly;
  if (techOnly === true && !actor.isAgent) return undefined;
  return { article, techOnly, helpdeskWebUrl: services.helpdeskWebUrl };
}

export async function searchMessage(actor: Actor, command: Extract<KbCommand, { kind: 'search' }>, m: Messages = english): Promise<SlackMessage> {
  let categoryId: number | undefined;
  if (command.category !== undefined) {
    // Categories are cached reference data, so naming one costs no extra call most of the time.
    const resolved = resolveCategoryIds([command.category], await actor.hd.categories());
    if (!resolved.ok) return { text: `:warning: ${escapeText(parseProblemText(resolved.error, m))}` };
    categoryId = resolved.value[0];
  }
  const list = await actor.hd.articles(categoryId === undefined ? {} : { categoryId });
  const named = list.Categories.find((category) => category.CategoryID === categoryId);
  const categoryName = named ? named.NameWithSection || named.Name : command.category;
  return articleListMessage({
    words: command.words,
    ...(categoryName !== undefined ? { category: categoryName } : {}),
    rows: matchingArticles(list, command.words, { agent: actor.isAgent }, m),
  }, m);
}

/** The form with the categories the user may write in (GET /Articles lists them). */
export async function newArticleForm(actor: Actor, values?: NewArticleValues, problem?: string, m: Messages = english): Promise<ModalView> {
  const categories = categoryChoices(await actor.hd.articles());
  if (categories.length === 0) return noCategoriesView(m);
  return newArticleModal({
    categories,
    ...(values ? { values } : {}),
    ...(problem ? { problem } : {}),
    warnNotAgent: !actor.isAgent,
  }, m);
}

/** What a failure about an article names ("Article #12 was not found"), in the reader's words. */
export const articleSubject = (id: number, m: Messages = english) => ({ label: m.t('kb.articleNumber', { id }) });


