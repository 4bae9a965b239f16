/** The new-article form read back, pure: values or inline errors (Slack's limits re-checked). */
import { english, type Messages } from '../../i18n/messages.js';
import { formErrors, type FormReading, formText, formValues, isChecked, type StateValues } from '../../slack/forms.js';
import { ARTICLE_BODY_MAX, NewArticleBlocks, type NewArticleValues, SUBJECT_MAX } from '../../views/kb/articles.js';

/** The new-article modal's values, or inline errors keyed by block id. */
export function readNewArticleForm(values: StateValues, m: Messages = english): FormReading<Required<NewArticleValues>> {
  const errors: Record<string, string> = {};
  const category = formText(values, NewArticleBlocks.category);
  const subject = formText(values, NewArticleBlocks.subject);
  const body = formText(values, NewArticleBlocks.body);
  if (!category || !/^\d{1,9}$/.test(category)) errors[NewArticleBlocks.category] = m.t('kbForm.chooseCategory');
  if (!subject) errors[NewArticleBlocks.subject] = m.t('kbForm.writeSubject');
  else if (subject.length > SUBJECT_MAX) errors[NewArticleBlocks.subject] = m.t('kbForm.atMost', { max: String(SUBJECT_MAX) });
  if (!body) errors[NewArticleBlocks.body] = m.t('kbForm.writeArticle');
  else if (body.length > ARTICLE_BODY_MAX) errors[NewArticleBlocks.body] = m.t('kbForm.atMost', { max: String(ARTICLE_BODY_MAX) });
  if (Object.keys(errors).length > 0 || !category || !subject || !body) return formErrors(errors);
  return formValues({ categoryId: Number(category), subject, body, techOnly: isChecked(values, NewArticleBlocks.techOnly) });
}
