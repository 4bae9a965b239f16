/** Changing how taleps relate, where the help desk's answer needs more than one call or an explanation. */
import * as z from 'zod';
import { isHelpdeskError } from '../../api/errors.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import type { Interaction } from '../../slack/interaction.js';
import { onlyOnce } from '../../slack/once.js';
import type { Surface } from '../../slack/surface.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { mergedNotice } from '../../views/talep-relations/merge.js';
import { oneLevelText, subAddedNotice } from '../../views/talep-relations/relations.js';
import { cardMessage } from '../talep-card/public.js';
import { subTalepsFor } from './load.js';

/** AddSubTalep; a 400 is the one-level rule (or a talep that already has a parent), explained. */
export async function addSubTalep(actor: Actor, surface: Surface, parentId: number, childId: number, m: Messages = english): Promise<void> {
  try {
    await actor.hd.addSubTalep({ id: parentId, subTalepId: childId });
  } catch (error) {
    if (!isHelpdeskError(error, 'invalid') || error.source !== 'server') throw error;
    await surface.send({ text: oneLevelText(parentId, childId, error.reason, m) });
    return;
  }
  await surface.send(await subTalepsFor(actor, parentId, subAddedNotice(parentId, childId, m), m));
}

/**
 * MergeTaleps (`merged` is deleted), once per press of the button (a copy of the press shows the card
 * and merges nothing), then the card of the talep that stays; undefined while the first press still runs.
 */
export async function mergeTaleps(ix: Interaction, actor: Actor, merged: number, into: number): Promise<SlackMessage | undefined> {
  const { services } = ix;
  const done = await onlyOnce(ix, 'merge-taleps', z.literal(true), async () => {
    await actor.hd.mergeTaleps({ id: into, id2: merged });
    return true as const;
  });
  if (!done) return undefined;
  // A message that opened the deleted talep may open a new one now (the duplicate guard must not point at it).
  const forgotten = await services.stores.messageTaleps.forgetTalep(merged);
  if (forgotten > 0) services.logger.info(`forgot ${forgotten} message link(s) to merged talep ${merged}`);
  return cardMessage(services, actor, into, 'ephemeral', mergedNotice(merged, into, messagesOf(ix)), { m: messagesOf(ix) });
}
