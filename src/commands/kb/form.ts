/** The new-article form read back, pure: values or inline errors (Slack's limits re-checked). */
import { formErrors, type FormReading, formText, formValues, isChecked, type StateValues } from '../../slack/forms.js';
import { ARTICLE_BODY_MAX, NewArticleBlocks, type NewArticleValues, SUBJECT_MAX } from '../../views/kb/articles.js';

/** The new-article modal's values, or inline errors keyed by block id. */
export function readNewArticleForm(values: StateValues): FormReading<Required<NewArticleValues>> {
  const errors: Record<string, string> = {};
  const category = formText(values, NewArticleBlocks.category);
  const subject = formText(values, NewArticleBlocks.subject);
  const body = formText(values, NewArticleBlocks.body);
  if (!category || !/^\d{1,9}$/.test(category)) errors[NewArticleBlocks.category] = 'Choose a category.';
  if (!subject) errors[NewArticleBlocks.subject] = 'Write a subject.';
  else if (subject.length > SUBJECT_MAX) errors[NewArticleBlocks.subject] = `At most ${SUBJECT_MAX} characters.`;
  if (!body) errors[NewArticleBlocks.body] = 'Write the article.';
  else if (body.length > ARTICLE_BODY_MAX) errors[NewArticleBlocks.body] = `At most ${ARTICLE_BODY_MAX} characters.`;
  if (Object.keys(errors).length > 0 || !category || !subject || !body) return formErrors(errors);
  return formValues({ categoryId: Number(category), subject, body, techOnly: isChecked(values, NewArticleBlocks.techOnly) });
}
