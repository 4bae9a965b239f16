/** A talep's attachments, read as the acting person (a file of an agents-only comment only for agents). */
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { filesMessage } from '../../views/talep-files/list.js';

export async function filesFor(actor: Actor, talepId: number, notice?: string, m: Messages = english): Promise<SlackMessage> {
  const files = await actor.hd.attachments({ id: talepId });
  return filesMessage({ talepId, files, canDelete: actor.isAdmin, mayHoldAgentsOnlyFiles: actor.isAgent }, notice, m);
}
