/**
 * `/talep user delete <who>` and the card's Delete button (admins). DeleteUser is permanent and
 * irreversible, so neither deletes: both show an explicit confirmation step (as `user merge` does), and
 * only its "Delete permanently" button (itself behind a Slack confirm dialog) calls the help desk.
 *
 * The confirmation reads the user with GET /User (admin only), so a non-admin is refused by the help
 * desk before they ever see a Delete button.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import * as z from 'zod';
import { deleteCancelledMessage, deleteConfirmMessage, deletedMessage, deleteSelfText, UserIds } from '../views/users.js';
import type { Reply } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, whoActs, withSession } from './session.js';
import { labelOf, replacing } from './user-lookup.js';

const deleteValue = z.object({
  user: z.object({ userId: z.int().min(1), username: z.string(), email: z.string() }),
  /** The Slack user the deleted one was, so the stale Slack → help-desk link is forgotten. */
  slackUserId: z.string().optional(),
});
type DeleteValue = z.infer<typeof deleteValue>;

/** The confirmation's button value, or undefined when it is not one of ours. */
export function readDeleteValue(value: string | undefined): DeleteValue | undefined {
  try {
    const parsed = deleteValue.safeParse(JSON.parse(value ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const isSelf = (session: Session, userId: number) => session.account.helpdeskUserId === userId;

/** The explicit confirmation step: nothing is deleted here. */
export async function askToDelete(session: Session, reply: Reply, userId: number, slackUserId?: string): Promise<void> {
  if (isSelf(session, userId)) return reply.send({ text: deleteSelfText });
  const user = labelOf(await session.hd.getUser({ userId }));
  const value = JSON.stringify({ user, ...(slackUserId ? { slackUserId } : {}) } satisfies DeleteValue);
  await reply.send(deleteConfirmMessage(user, value));
}

const userIdValue = z.coerce.number().int().min(1);

export function registerUserDelete(app: App, services: Services): void {
  // The card's Delete…: the confirmation replaces the card.
  app.action<BlockAction<ButtonAction>>(UserIds.cardDelete, async ({ ack, body, action, respond }) => {
    await ack();
    const id = userIdValue.safeParse(action.value);
    if (!id.success) return;
    const reply = replacing(respond);
    await withSession(services, whoActs(body), reply, (session) => askToDelete(session, reply, id.data), {
      label: `Help-desk user #${id.data}`,
    });
  });

  app.action<BlockAction<ButtonAction>>(UserIds.deleteConfirm, async ({ ack, body, action, respond }) => {
    await ack();
    const reply = replacing(respond);
    const confirmed = readDeleteValue(action.value);
    if (!confirmed) {
      await reply.send({ text: ':warning: This confirmation is out of date. Run `/talep user delete` again.' });
      return;
    }
    const { user, slackUserId } = confirmed;
    const who = whoActs(body);
    await withSession(services, who, reply, async (session) => {
      if (isSelf(session, user.userId)) return reply.send({ text: deleteSelfText });
      await session.hd.deleteUser({ userId: user.userId });
      // That Slack user now maps to a help-desk user who no longer exists.
      if (slackUserId) await services.stores.directory.forget(who.teamId, slackUserId);
      await reply.send(deletedMessage(user));
    }, { label: `Help-desk user #${user.userId}` });
  });

  app.action<BlockAction<ButtonAction>>(UserIds.deleteCancel, async ({ ack, respond }) => {
    await ack();
    await replacing(respond).send(deleteCancelledMessage());
  });
}
