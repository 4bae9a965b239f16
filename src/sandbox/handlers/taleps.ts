/** Taleps: read, create, update, close, custom fields, tags, statistics and search. */
import { changeableTalep, isAgent, usableCategory, visibleTalep } from '../access.js';
import { fieldAppliesToCategory, fieldFor, normaliseFieldValue, setFieldValue } from '../custom-field-values.js';
import { badRequest, forbidden } from '../errors.js';
import { requirePriority, requireUser } from '../lookups.js';
import { type CustomFieldRow, FieldUsage, type SandboxData, TalepStatus, type TalepRow } from '../model.js';
import { notifyTalepClosed, notifyTalepCreated } from '../notifications.js';
import { talepFieldValueRecord, talepListItem } from '../records.js';
import { applyRules } from '../rules-engine.js';
import { computeStats } from '../stats.js';
import { addUnique, changeStatus, markUpdated, requireAssignee, tagIdsFor } from '../talep-changes.js';
import { exclusiveUpperBound, searchTaleps } from '../talep-search.js';
import { addAttachment, talepFor } from './shared.js';
import { defineHandlers } from './types.js';

/** A talep custom field that the talep's category shows; 400 otherwise. */
function talepField(data: SandboxData, fieldId: number, categoryId: number): CustomFieldRow {
  const field = fieldFor(data, fieldId, FieldUsage.Talep);
  if (!fieldAppliesToCategory(field, categoryId)) {
    throw badRequest(`Custom field ${fieldId} ('${field.name}') is not used in category ${categoryId}.`);
  }
  return field;
}

/** Checks every value first, so a bad one changes nothing. */
function setTalepFields(data: SandboxData, talep: TalepRow, values: Record<string, string>): void {
  const checked = Object.entries(values).map(([fieldId, value]) => {
    const field = talepField(data, Number(fieldId), talep.categoryId);
    normaliseFieldValue(field, value);
    return [field, value] as const;
  });
  for (const [field, value] of checked) setFieldValue(talep.customFields, field, value);
}

export const talepHandlers = defineHandlers({
  getTalep: (context) => talepFor(context, visibleTalep(context.data, context.caller, context.params.id)),

  createTalep: (context) => {
    const { data, caller, params, store, now } = context;
    const category = usableCategory(data, caller, params.categoryId);
    let submitter = caller;
    if (params.userId !== undefined && params.userId !== caller.id) {
      if (!isAgent(caller)) throw forbidden("Creating a talep on behalf of another user ('userId') requires agent permission.");
      submitter = requireUser(data, params.userId);
    }
    requirePriority(data, params.priorityId, 'priorityId');
    const assignee = params.assignedToUserId === undefined ? null : requireAssignee(data, params.assignedToUserId, category.id, 'assignedToUserId');
    const talep: TalepRow = {
      id: 0,
      subject: params.subject,
      body: params.body,
      statusId: TalepStatus.New,
      priorityId: params.priorityId,
      categoryId: category.id,
      origin: params.origin ?? 3, // 3 = API
      submitterId: submitter.id,
      assigneeId: assignee?.id ?? null,
      secondaryAssigneeIds: [],
      issueDate: now.toISOString(),
      lastUpdated: now.toISOString(),
      dueDate: null,
      resolvedDate: null,
      timeSpentSeconds: 0,
      updatedByPerformer: isAgent(caller),
      tagIds: [],
      subscriberIds: [],
      relatedTalepIds: [],
      parentId: null,
      assetIds: [],
      integrations: {},
      customFields: {},
    };
    setTalepFields(data, talep, params.customFields ?? {});
    // Everything is checked: only now take an id and store the talep.
    talep.id = store.nextId('taleps');
    talep.tagIds = tagIdsFor(data, store, params.tags ?? []);
    data.taleps.push(talep);
    applyRules(data, store, talep, now);
    if (params.uploadFile) addAttachment(context, talep, params.uploadFile, caller);
    if (!params.suppressConfirmation) notifyTalepCreated(context.outbox, data, talep, now);
    return { id: talep.id };
  },

  updateTalep: ({ data, caller, params, store, now }) => {
    const talep = changeableTalep(data, caller, params.id);
    // Check everything before changing anything.
    const categoryId = params.categoryId === undefined ? talep.categoryId : usableCategory(data, caller, params.categoryId).id;
    if (params.priority !== undefined) requirePriority(data, params.priority, 'priority');
    const assignee = params.assignedUserId ? requireAssignee(data, params.assignedUserId, categoryId, 'assignedUserId') : undefined;

    talep.categoryId = categoryId;
    if (params.priority !== undefined) talep.priorityId = params.priority;
    if (params.dueDate !== undefined) talep.dueDate = params.dueDate === null ? null : params.dueDate.toISOString();
    if (params.assignedUserId !== undefined) talep.assigneeId = assignee?.id ?? null; // 0 removes the assignment
    if (params.statusId !== undefined) changeStatus(talep, params.statusId, now);
    if (params.tags !== undefined) talep.tagIds = tagIdsFor(data, store, params.tags); // replaces the tags
    if (params.subject !== undefined) talep.subject = params.subject;
    if (params.body !== undefined) talep.body = params.body;
    markUpdated(talep, caller, now);
  },

  addSecondaryAssignee: ({ data, caller, params, settings, now }) => {
    if (!settings.AllowSecondaryAssignee) {
      throw badRequest('Secondary assignees are not enabled on this help desk (setting AllowSecondaryAssignee).');
    }
    const talep = visibleTalep(data, caller, params.talepId);
    const user = requireAssignee(data, params.userId, talep.categoryId, 'userId');
    if (talep.assigneeId === user.id) throw badRequest(`User ${user.id} is already the talep's assignee.`);
    addUnique(talep.secondaryAssigneeIds, user.id);
    markUpdated(talep, caller, now);
  },

  closeTalep: ({ data, caller, params, now, outbox }) => {
    const talep = changeableTalep(data, caller, params.id);
    if (talep.statusId === TalepStatus.Closed) return; // already closed: nothing changes, nobody is notified again
    changeStatus(talep, TalepStatus.Closed, now);
    markUpdated(talep, caller, now);
    if (!params.suppressNotification) notifyTalepClosed(outbox, data, talep, caller, now);
  },

  setCustomField: ({ data, caller, params, now }) => {
    const talep = changeableTalep(data, caller, params.talepId);
    setTalepFields(data, talep, { [String(params.fieldId)]: params.value });
    markUpdated(talep, caller, now);
  },

  setCustomFields: ({ data, caller, params, now }) => {
    const talep = changeableTalep(data, caller, params.talepId);
    setTalepFields(data, talep, params.values);
    markUpdated(talep, caller, now);
  },

  stats: ({ data, caller, params }) => computeStats(data.taleps, caller, params.forCurrentUser ?? false),

  search: (context) => {
    const { params, wire } = context;
    const found = searchTaleps(context.data.taleps, context.caller, {
      query: params.query,
      fromUserId: params.fromUserId,
      categoryId: params.categoryId,
      statusId: params.statusId,
      assignedToUserId: params.assignedToUserId,
      dateFrom: params.dateFrom,
      dateBefore: params.dateTo && exclusiveUpperBound(params.dateTo, typeof wire.dateTo === 'string' ? wire.dateTo : undefined),
    });
    const from = params.offset ?? 0;
    const rows = found.slice(from, params.count === undefined ? undefined : from + params.count);
    return rows.map((talep) => talepListItem(context.data, talep, context.urls, context.settings.ResponseStyle));
  },

  talepCustomFields: ({ data, caller, params }) => {
    const talep = visibleTalep(data, caller, params.id);
    return data.customFields
      .filter((field) => field.usage === FieldUsage.Talep)
      .filter((field) => fieldAppliesToCategory(field, talep.categoryId) || String(field.id) in talep.customFields)
      .filter((field) => params.returnUnset || String(field.id) in talep.customFields)
      .map((field) => talepFieldValueRecord(field, talep.customFields));
  },

  tagTalep: ({ data, caller, params, store, now }) => {
    const talep = changeableTalep(data, caller, params.talepId);
    for (const id of tagIdsFor(data, store, [params.name])) addUnique(talep.tagIds, id);
    markUpdated(talep, caller, now);
  },
});

