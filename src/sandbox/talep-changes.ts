/** The small rules every change to a talep follows (status dates, tags, assignees, "updated by"). */
import { isAgent, isAgentOf } from './access.js';
import { badRequest } from './errors.js';
import { requireUser, sameText } from './lookups.js';
import { type SandboxData, TalepStatus, type TalepRow, type UserRow } from './model.js';
import type { SandboxStore } from './store.js';

/** Every change stamps `LastUpdated` and whether an agent (rather than the submitter) made it. */
export function markUpdated(talep: TalepRow, by: UserRow, now: Date): void {
  talep.lastUpdated = now.toISOString();
  talep.updatedByPerformer = isAgent(by);
}

/** Closing sets `ResolvedDate`; re-opening clears it. */
export function changeStatus(talep: TalepRow, statusId: number, now: Date): void {
  if (statusId === TalepStatus.Closed && talep.statusId !== TalepStatus.Closed) talep.resolvedDate = now.toISOString();
  if (statusId !== TalepStatus.Closed) talep.resolvedDate = null;
  talep.statusId = statusId;
}

/** Tag ids for names, creating the tags that do not exist yet (names match case-insensitively). */
export function tagIdsFor(data: SandboxData, store: SandboxStore, names: readonly string[]): number[] {
  const ids: number[] = [];
  for (const name of names.map((item) => item.trim()).filter(Boolean)) {
    let tag = data.tags.find((row) => sameText(row.name, name));
    if (!tag) {
      tag = { id: store.nextId('tags'), name };
      data.tags.push(tag);
    }
    if (!ids.includes(tag.id)) ids.push(tag.id);
  }
  return ids;
}

/** Assignees are agents of the talep's category ("agents assignable to that category"). */
export function requireAssignee(data: SandboxData, userId: number, categoryId: number, parameter: string): UserRow {
  const user = requireUser(data, userId);
  if (user.disabled) throw badRequest(`Parameter '${parameter}': user ${userId} is disabled.`);
  if (!isAgentOf(user, categoryId)) {
    throw badRequest(`Parameter '${parameter}': user ${userId} ('${user.username}') is not an agent of category ${categoryId}.`);
  }
  return user;
}

export const addUnique = (list: number[], id: number): void => {
  if (!list.includes(id)) list.push(id);
};

export const removeValue = (list: number[], id: number): void => {
  const index = list.indexOf(id);
  if (index >= 0) list.splice(index, 1);
};
