/** How taleps relate: merges, "related" links, sub-taleps (one level deep), trackers and assets. */
import { canSeeTalep, visibleTalep } from '../access.js';
import { badRequest } from '../errors.js';
import { requireAsset } from '../lookups.js';
import { mergeTaleps } from '../merges.js';
import type { SandboxData, TalepRow } from '../model.js';
import { addUnique, markUpdated, removeValue } from '../talep-changes.js';
import { talepListItem } from '../records.js';
import { talepFor } from './shared.js';
import { defineHandlers } from './types.js';

/** The trackers every talep reports, linked or not (`<Tracker>IssueUrl`, null when unlinked). */
export const ISSUE_TRACKERS = ['Jira', 'GitHub'] as const;

/** Sub-taleps are one level deep: a parent cannot be a sub-talep, a sub-talep cannot have sub-taleps. */
function makeSubTalep(data: SandboxData, parent: TalepRow, child: TalepRow): void {
  if (parent.id === child.id) throw badRequest('A talep cannot be its own sub-talep.');
  if (child.parentId === parent.id) return;
  if (parent.parentId !== null) {
    throw badRequest(`Talep ${parent.id} is itself a sub-talep of talep ${parent.parentId}: sub-taleps are one level deep.`);
  }
  if (data.taleps.some((talep) => talep.parentId === child.id)) {
    throw badRequest(`Talep ${child.id} has sub-taleps of its own: sub-taleps are one level deep.`);
  }
  if (child.parentId !== null) throw badRequest(`Talep ${child.id} is already a sub-talep of talep ${child.parentId}.`);
  child.parentId = parent.id;
}

export const talepRelationHandlers = defineHandlers({
  mergeTaleps: ({ data, caller, params, store, now }) => {
    const main = visibleTalep(data, caller, params.id);
    const other = visibleTalep(data, caller, params.id2);
    mergeTaleps(data, store, main, other, caller, now);
  },

  linkTaleps: ({ data, caller, params, now }) => {
    const [a, b] = [visibleTalep(data, caller, params.id), visibleTalep(data, caller, params.id2)];
    if (a.id === b.id) throw badRequest('A talep cannot be linked to itself.');
    addUnique(a.relatedTalepIds, b.id);
    addUnique(b.relatedTalepIds, a.id);
    markUpdated(a, caller, now);
  },

  unlinkTaleps: ({ data, caller, params, now }) => {
    const [a, b] = [visibleTalep(data, caller, params.id), visibleTalep(data, caller, params.id2)];
    if (!a.relatedTalepIds.includes(b.id)) throw badRequest(`Taleps ${a.id} and ${b.id} are not linked.`);
    removeValue(a.relatedTalepIds, b.id);
    removeValue(b.relatedTalepIds, a.id);
    markUpdated(a, caller, now);
  },

  addSubTalep: ({ data, caller, params, now }) => {
    const parent = visibleTalep(data, caller, params.id);
    makeSubTalep(data, parent, visibleTalep(data, caller, params.subTalepId));
    markUpdated(parent, caller, now);
  },

  removeSubTalep: ({ data, caller, params, now }) => {
    const parent = visibleTalep(data, caller, params.id);
    const child = visibleTalep(data, caller, params.subTalepId);
    if (child.parentId !== parent.id) throw badRequest(`Talep ${child.id} is not a sub-talep of talep ${parent.id}.`);
    child.parentId = null;
    markUpdated(parent, caller, now);
  },

  subTaleps: (context) => {
    const { data, caller, params } = context;
    const parent = visibleTalep(data, caller, params.id);
    return data.taleps
      .filter((talep) => talep.parentId === parent.id && canSeeTalep(caller, talep))
      .map((talep) => talepListItem(data, talep, context.urls, context.settings.ResponseStyle));
  },

  parentTalep: (context) => {
    const { data, caller, params } = context;
    const { parentId } = visibleTalep(data, caller, params.id);
    if (parentId === null) return null;
    return params.returnFullTalep ? talepFor(context, visibleTalep(data, caller, parentId)) : parentId;
  },

  talepIntegrationData: ({ data, caller, params }) => {
    const { integrations } = visibleTalep(data, caller, params.id);
    const trackers = [...new Set([...ISSUE_TRACKERS, ...Object.keys(integrations)])];
    return Object.fromEntries(trackers.map((tracker) => [`${tracker}IssueUrl`, integrations[tracker] ?? null]));
  },

  addAssetToTalep: ({ data, caller, params, now }) => {
    const talep = visibleTalep(data, caller, params.talepID);
    addUnique(talep.assetIds, requireAsset(data, params.assetId).id);
    markUpdated(talep, caller, now);
  },

  removeAssetFromTalep: ({ data, caller, params, now }) => {
    const talep = visibleTalep(data, caller, params.talepID);
    const asset = requireAsset(data, params.assetId);
    if (!talep.assetIds.includes(asset.id)) throw badRequest(`Asset ${asset.id} is not related to talep ${talep.id}.`);
    removeValue(talep.assetIds, asset.id);
    markUpdated(talep, caller, now);
  },
});
