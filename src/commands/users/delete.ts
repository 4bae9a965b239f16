/**
 * `/talep user delete <who>` and the card's Delete button (admins). DeleteUser is permanent and
 * irreversible, so neither deletes: both show an explicit confirmation step (as `user merge` does), and
 * only its "Delete permanently" button (itself behind a Slack confirm dialog) calls the help desk.
 *
 * The confirmation reads the user with GET /User (admin only), so a non-admin is refused by the help
 * desk before they ever see a Delete button.
 */
import * as z from 'zod';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { Interaction } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { onlyOnce } from '../../slack/once.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { deleteConfirmMessage, deletedMessage, deleteSelfText } from '../../views/users/messages.js';
import { labelOf } from './lookup.js';

const deleteValue = z.object({
  user: z.object({ userId: z.int().min(1), username: z.string(), email: z.string() }),
  /** The Slack user the deleted one was, so the stale Slack → help-desk link is forgotten. */
  slackUserId: z.string().optional(),
});
type DeleteValue = z.infer<typeof deleteValue>;

/** The confirmation's button value, or undefined when it is not one of ours. */
export const readDeleteValue = (value: string | undefined): DeleteValue | undefined => decodeMetadata(deleteValue, value);

const isSelf = (actor: Actor, userId: number) => actor.helpdeskUserId === userId;

/** The explicit confirmation step, said with `say`: nothing is deleted here. */
export async function askToDelete(
  actor: Actor,
  say: (message: SlackMessage) => Promise<void>,
  userId: number,
  slackUserId?: string,
  m: Messages = english,
): Promise<void> {
  if (isSelf(actor, userId)) return say({ text: deleteSelfText(m) });
  const user = labelOf(await actor.hd.getUser({ userId }));
  const value = JSON.stringify({ user, ...(slackUserId ? { slackUserId } : {}) } satisfies DeleteValue);
  await say(deleteConfirmMessage(user, value, m));
}

/** "Delete permanently" was pressed: the result replaces the confirmation. */
export async function deleteConfirmed(ix: Interaction, actor: Actor, { user, slackUserId }: DeleteValue): Promise<void> {
  const m = messagesOf(ix);
  if (isSelf(actor, user.userId)) return ix.surface.replace({ text: deleteSelfText(m) });
  // Once per press of the button: a copy of the press answers the same, deleting nothing more.
  const deleted = await onlyOnce(ix, 'delete-user', z.literal(true), async () => {
    await actor.hd.deleteUser({ userId: user.userId });
    return true as const;
  });
  if (!deleted) return;
  // That Slack user now maps to a help-desk user who no longer exists.
  if (slackUserId) await ix.services.stores.directory.forget(ix.who.teamId, slackUserId);
  await ix.surface.replace(deletedMessage(user, m));
}
