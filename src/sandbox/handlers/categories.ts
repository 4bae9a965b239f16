/** Categories, their agents and custom fields; priorities. */
import { canUseCategory, isAgentOf, usableCategory } from '../access.js';
import { fieldAppliesToCategory } from '../custom-field-values.js';
import { badRequest, notFound } from '../errors.js';
import { sameText } from '../lookups.js';
import { FieldUsage } from '../model.js';
import { categoryCustomField, categoryRecord, userListItem } from '../records.js';
import { defineHandlers } from './types.js';

export const categoryHandlers = defineHandlers({
  categories: ({ data, caller }) =>
    data.categories.filter((category) => canUseCategory(caller, category)).map((category) => categoryRecord(data, category)),

  techsForCategory: ({ data, caller, params }) => {
    const category = usableCategory(data, caller, params.id);
    return data.users.filter((user) => !user.disabled && isAgentOf(user, category.id)).map(userListItem);
  },

  customFieldsForCategory: ({ data, caller, params }) => {
    const category = usableCategory(data, caller, params.categoryId);
    return data.customFields
      .filter((field) => field.usage === FieldUsage.Talep && fieldAppliesToCategory(field, category.id))
      .map(categoryCustomField);
  },

  addCategory: ({ data, params, store }) => {
    const sectionId = params.sectionId ?? null;
    if (sectionId !== null && !data.sections.some((section) => section.id === sectionId)) throw notFound('Section', sectionId);
    if (data.categories.some((category) => category.sectionId === sectionId && sameText(category.name, params.name))) {
      throw badRequest(`A category named '${params.name}' already exists${sectionId === null ? '' : ` in section ${sectionId}`}.`);
    }
    const id = store.nextId('categories');
    data.categories.push({ id, name: params.name.trim(), sectionId, forTechsOnly: false });
    return { id };
  },

  priorities: ({ data }) => data.priorities.map((priority) => ({ PriorityID: priority.id, Name: priority.name })),
});
