/**
 * The two irreversible merges of the spec.
 *
 * MergeTaleps(main, other): the other talep's comments, attachments, tags, subscribers, related assets,
 * links, sub-taleps and unset custom-field values move to the main talep; its subject and body are kept
 * as a system comment on the main talep (they would be lost otherwise); then the other talep is deleted.
 *
 * MergeUsers(from, to): everything the source user owns or takes part in (submitted and assigned
 * taleps, comments, uploads, subscriptions, asset assignments, agent categories, unset custom-field
 * values) moves to the target; then the source user is deleted.
 */
import { badRequest } from './errors.js';
import type { SandboxData, TalepRow, UserRow } from './model.js';
import type { SandboxStore } from './store.js';
import { addUnique, removeValue } from './talep-changes.js';

export function mergeTaleps(data: SandboxData, store: SandboxStore, main: TalepRow, other: TalepRow, by: UserRow, now: Date): void {
  if (main.id === other.id) throw badRequest('A talep cannot be merged into itself.');
  for (const comment of data.comments) if (comment.talepId === other.id) comment.talepId = main.id;
  for (const file of data.attachments) if (file.talepId === other.id) file.talepId = main.id;
  for (const id of other.tagIds) addUnique(main.tagIds, id);
  for (const id of other.subscriberIds) addUnique(main.subscriberIds, id);
  for (const id of other.assetIds) addUnique(main.assetIds, id);
  for (const [fieldId, value] of Object.entries(other.customFields)) main.customFields[fieldId] ??= value;
  for (const [tracker, url] of Object.entries(other.integrations)) main.integrations[tracker] ??= url;
  main.timeSpentSeconds += other.timeSpentSeconds;

  for (const talep of data.taleps) {
    // Links to the merged talep now point at the main one; sub-taleps follow it too.
    if (talep.relatedTalepIds.includes(other.id)) {
      removeValue(talep.relatedTalepIds, other.id);
      if (talep.id !== main.id) {
        addUnique(talep.relatedTalepIds, main.id);
        addUnique(main.relatedTalepIds, talep.id);
      }
    }
    if (talep.parentId === other.id) talep.parentId = talep.id === main.id ? null : main.id;
  }
  removeValue(main.relatedTalepIds, main.id);

  data.comments.push({
    id: store.nextId('comments'),
    talepId: main.id,
    userId: by.id,
    body: `Talep #${other.id} "${other.subject}" was merged into this talep.\n\n${other.body}`,
    forTechsOnly: false,
    isSystem: true,
    date: now.toISOString(),
  });
  main.lastUpdated = now.toISOString();
  data.taleps.splice(data.taleps.indexOf(other), 1);
}

export function mergeUsers(data: SandboxData, from: UserRow, to: UserRow): void {
  if (from.id === to.id) throw badRequest('A user cannot be merged into itself.');
  const move = (id: number) => (id === from.id ? to.id : id);
  const moveAll = (ids: number[]) => [...new Set(ids.map(move))];
  for (const talep of data.taleps) {
    talep.submitterId = move(talep.submitterId);
    talep.assigneeId = talep.assigneeId === null ? null : move(talep.assigneeId);
    talep.secondaryAssigneeIds = moveAll(talep.secondaryAssigneeIds).filter((id) => id !== talep.assigneeId);
    talep.subscriberIds = moveAll(talep.subscriberIds);
  }
  for (const comment of data.comments) comment.userId = move(comment.userId);
  for (const file of data.attachments) file.uploadedBy = move(file.uploadedBy);
  for (const article of data.articles) article.authorId = move(article.authorId);
  for (const asset of data.assets) asset.assignedUserIds = moveAll(asset.assignedUserIds);
  for (const id of from.techCategoryIds) addUnique(to.techCategoryIds, id);
  for (const [fieldId, value] of Object.entries(from.customFields)) to.customFields[fieldId] ??= value;
  to.companyId ??= from.companyId;
  to.departmentId ??= from.departmentId;
  data.users.splice(data.users.indexOf(from), 1);
}

/**
 * DeleteUser: the user goes; their assignments, subscriptions and asset assignments go with them.
 * Taleps and comments they wrote stay and show "(deleted user)".
 */
export function deleteUser(data: SandboxData, user: UserRow): void {
  for (const talep of data.taleps) {
    if (talep.assigneeId === user.id) talep.assigneeId = null;
    removeValue(talep.secondaryAssigneeIds, user.id);
    removeValue(talep.subscriberIds, user.id);
  }
  for (const asset of data.assets) removeValue(asset.assignedUserIds, user.id);
  data.users.splice(data.users.indexOf(user), 1);
}
