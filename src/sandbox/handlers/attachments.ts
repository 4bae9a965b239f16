/** Attachments: download, list, upload, delete; and subscribers. */
import { canSeeAttachment, changeableTalep, isAgent, visibleTalep } from '../access.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { requireAttachment, requireUser } from '../lookups.js';
import type { UserRow } from '../model.js';
import { attachmentItem, userListItem } from '../records.js';
import { addUnique, markUpdated, removeValue } from '../talep-changes.js';
import { addAttachment } from './shared.js';
import { defineHandlers } from './types.js';

export const attachmentHandlers = defineHandlers({
  getAttachment: ({ data, caller, params }) => {
    const file = requireAttachment(data, params.id);
    visibleTalep(data, caller, file.talepId);
    // A file of a ForTechsOnly comment does not exist for a regular user.
    if (!canSeeAttachment(caller, file, data)) throw notFound('File', params.id);
    return { data: Buffer.from(file.dataBase64, 'base64'), contentType: file.contentType, filename: file.fileName };
  },

  attachments: ({ data, caller, params, urls }) => {
    const talep = visibleTalep(data, caller, params.id);
    return data.attachments
      .filter((file) => file.talepId === talep.id && canSeeAttachment(caller, file, data))
      .map((file) => attachmentItem(file, urls));
  },

  attachFile: (context) => {
    const { data, caller, params, now } = context;
    const talep = changeableTalep(data, caller, params.id);
    addAttachment(context, talep, params.uploadFile, caller);
    markUpdated(talep, caller, now);
  },

  deleteFile: ({ data, params }) => {
    const file = requireAttachment(data, params.fileId);
    data.attachments.splice(data.attachments.indexOf(file), 1);
  },
});

/** The spec: subscribe "yourself on a talep you can see; agents may add anyone" (and remove anyone). */
function requireMayManageSubscription(caller: UserRow, userId: number, verb: string): void {
  if (userId !== caller.id && !isAgent(caller)) {
    throw forbidden(`${verb} another user requires agent permission; regular users may only ${verb.toLowerCase()} themselves.`);
  }
}

export const subscriberHandlers = defineHandlers({
  addSubscriber: ({ data, caller, params }) => {
    const talep = visibleTalep(data, caller, params.id);
    requireMayManageSubscription(caller, params.userId, 'Subscribing');
    addUnique(talep.subscriberIds, requireUser(data, params.userId).id);
  },

  removeSubscriber: ({ data, caller, params }) => {
    const talep = visibleTalep(data, caller, params.id);
    requireMayManageSubscription(caller, params.userId, 'Unsubscribing');
    if (!talep.subscriberIds.includes(params.userId)) {
      throw badRequest(`User ${params.userId} is not subscribed to talep ${talep.id}.`);
    }
    removeValue(talep.subscriberIds, params.userId);
  },

  subscribers: ({ data, caller, params }) => {
    const talep = visibleTalep(data, caller, params.id);
    return talep.subscriberIds.flatMap((id) => data.users.filter((user) => user.id === id).map(userListItem));
  },
});
