/**
 * `/talep user merge <from> <into>` (admins): MergeUsers is irreversible, so the command only asks;
 * the confirmation's button (behind a Slack confirm dialog) merges.
 */
import * as z from 'zod';
import type { Actor } from '../../slack/actor.js';
import type { Interaction } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { onlyOnce } from '../../slack/once.js';
import { userLabel } from '../../views/users/card.js';
import { mergeConfirmMessage, mergedMessage } from '../../views/users/messages.js';
import type { MergeArgs } from './args.js';
import { resolveUser } from './lookup.js';

const mergeValue = z.object({
  from: z.object({ userId: z.int().min(1), username: z.string(), email: z.string() }),
  into: z.object({ userId: z.int().min(1), username: z.string(), email: z.string() }),
  /** The Slack user the source was, so the stale Slack → help-desk link is forgotten after the merge. */
  fromSlackUserId: z.string().optional(),
});
type MergeValue = z.infer<typeof mergeValue>;

/** The confirmation's button value, or undefined when it is not one of ours. */
export const readMergeValue = (value: string | undefined): MergeValue | undefined => decodeMetadata(mergeValue, value);

/** Finds both users and asks; nothing is merged here. */
export async function askToMerge(ix: Interaction, actor: Actor, { from: fromRef, into: intoRef }: MergeArgs): Promise<void> {
  const m = messagesOf(ix);
  const from = await resolveUser(ix, actor, fromRef);
  const into = await resolveUser(ix, actor, intoRef);
  if (from.userId === into.userId) {
    await ix.surface.send({ text: m.t('users.sameUser', { user: userLabel(from) }) });
    return;
  }
  const value = JSON.stringify({
    from,
    into,
    ...(fromRef.kind === 'slack' ? { fromSlackUserId: fromRef.userId } : {}),
  } satisfies z.input<typeof mergeValue>);
  await ix.surface.send(mergeConfirmMessage(from, into, value, m));
}

/** "Merge and delete" was pressed: the result replaces the question. */
export async function mergeConfirmed(ix: Interaction, actor: Actor, { from, into, fromSlackUserId }: MergeValue): Promise<void> {
  // Once per press of the button: a copy of the press answers the same, merging nothing more.
  const merged = await onlyOnce(ix, 'merge-users', z.literal(true), async () => {
    await actor.hd.mergeUsers({ fromUserId: from.userId, toUserId: into.userId });
    return true as const;
  });
  if (!merged) return;
  // The Slack user who was `from` now maps to a deleted help-desk user.
  if (fromSlackUserId) await ix.services.stores.directory.forget(ix.who.teamId, fromSlackUserId);
  await ix.surface.replace(mergedMessage(from, into, messagesOf(ix)));
}
