/** Reading how a talep relates to others, as the acting person. */
import { english, type Messages } from '../../i18n/messages.js';
import * as z from 'zod';
import type { Actor } from '../../slack/actor.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { MAX_ROWS, type RelationsData, relationsMessage, rowOf, subTaleps, type TalepRow } from '../../views/talep-relations/relations.js';

/** GUESSED extra of the talep record (the sandbox sends it); without it related taleps cannot be listed. */
const relatedIds = z.array(z.int().min(1));

/** The parent's id from ParentTalep, whichever form the help desk answered in. */
export function parentIdOf(parent: Awaited<ReturnType<Actor['hd']['parentTalep']>>): number | undefined {
  if (parent === null) return undefined;
  return typeof parent === 'number' ? parent : parent.TalepID;
}

export async function loadRelations(actor: Pick<Actor, 'hd' | 'isAgent'>, talepId: number, m: Messages = english): Promise<RelationsData> {
  const row = (talep: Parameters<typeof rowOf>[0]) => rowOf(talep, m);
  const [talep, parent, subs, integrations] = await Promise.all([
    actor.hd.getTalep({ id: talepId }),
    actor.hd.parentTalep({ id: talepId, returnFullTalep: true }),
    actor.hd.subTaleps({ id: talepId }),
    // Tracker links are a nicety (read here, not for every card): a refusal leaves them off.
    actor.hd.talepIntegrationData({ id: talepId }).catch(() => undefined),
  ]);
  const parentRow: TalepRow | null = parent === null ? null : typeof parent === 'number' ? { id: parent } : row(parent);
  const ids = relatedIds.safeParse(talep['RelatedTalepIDs']);
  // Related taleps come as bare ids: read them for their subjects, but a gone or hidden one is still listed.
  const related = ids.success
    ? await Promise.all(ids.data.slice(0, MAX_ROWS).map((id) => actor.hd.getTalep({ id }).then(row, (): TalepRow => ({ id }))))
    : undefined;
  return { talepId, parent: parentRow, subs: subs.map(row), ...(related ? { related } : {}), ...(integrations && Object.keys(integrations).length > 0 ? { integrations } : {}), canEdit: actor.isAgent };
}

/** Parent, sub-taleps and related taleps of a talep (`relations <id>`, the card's "More"). */
export async function relationsFor(actor: Actor, talepId: number, notice?: string, m: Messages = english): Promise<SlackMessage> {
  return relationsMessage(await loadRelations(actor, talepId, m), notice, m);
}

export async function subTalepsFor(actor: Actor, parentId: number, notice?: string, m: Messages = english): Promise<SlackMessage> {
  const subs = await actor.hd.subTaleps({ id: parentId });
  return subTaleps(parentId, subs.map((sub) => rowOf(sub, m)), actor.isAgent, notice, m);
}
