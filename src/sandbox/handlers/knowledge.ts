/** Knowledge base, automation rules and custom-field definitions. */
import { canSeeArticle, canUseCategory, usableCategory } from '../access.js';
import { notFound } from '../errors.js';
import { requireArticle, requireRule } from '../lookups.js';
import { articleCategoryRecord, articleListItem, articleRecord, customFieldDefinition } from '../records.js';
import { encodeUtf16LeWithBom, renderRuleXml } from '../rule-xml.js';
import { defineHandlers } from './types.js';

export const knowledgeHandlers = defineHandlers({
  articles: ({ data, caller, params, urls }) => {
    const articles = data.articles.filter(
      (article) => canSeeArticle(caller, article) && (params.categoryId === undefined || article.categoryId === params.categoryId),
    );
    const tagIds = new Set(articles.flatMap((article) => article.tagIds));
    return {
      Articles: articles.map((article) => articleListItem(article, urls)),
      Categories: data.categories.filter((category) => canUseCategory(caller, category)).map((category) => articleCategoryRecord(data, category)),
      // GUESSED tag record: `{ TagID, Name }` of the tags on the listed articles.
      Tags: data.tags.filter((tag) => tagIds.has(tag.id)).map((tag) => ({ TagID: tag.id, Name: tag.name })),
    };
  },

  getArticle: ({ data, caller, params, urls }) => {
    const article = requireArticle(data, params.id);
    // A ForTechsOnly article does not exist for a regular user.
    if (!canSeeArticle(caller, article)) throw notFound('Article', params.id);
    return articleRecord(data, article, urls);
  },

  createArticle: ({ data, caller, params, store, now }) => {
    const category = usableCategory(data, caller, params.categoryId);
    const id = store.nextId('articles');
    data.articles.push({
      id,
      categoryId: category.id,
      subject: params.subject,
      body: params.body,
      forTechsOnly: params.forTechsOnly,
      authorId: caller.id,
      dateCreated: now.toISOString(),
      tagIds: [],
    });
    return { id };
  },

  getRule: ({ data, params }) => ({
    // The spec: an XML document declaring UTF-16, sent as UTF-16 with a byte-order mark.
    data: encodeUtf16LeWithBom(renderRuleXml(requireRule(data, params.id))),
    contentType: 'application/xml; charset=utf-16',
  }),

  disableRule: ({ data, params }) => {
    requireRule(data, params.id).enabled = false;
  },

  enableRule: ({ data, params }) => {
    requireRule(data, params.id).enabled = true;
  },

  customFields: ({ data, params }) => data.customFields.filter((field) => field.usage === params.type).map(customFieldDefinition),
});
