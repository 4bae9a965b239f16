/**
 * Changing a talep: `/talep assign | status | priority | due | close`, and the card's controls that do
 * the same (Assign to me, the status/priority select, Close, the close confirmation). Each answers with
 * the refreshed card and a line saying what changed; card controls re-render the card in place.
 */
import { parseDueDate } from '../../domain/dates.js';
import { PriorityId } from '../../domain/priority.js';
import { isClosed, StatusId } from '../../domain/status.js';
import type { Messages } from '../../i18n/messages.js';
import { parseProblemText } from '../../i18n/parse-problems.js';
import type { Actor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import type { AssigneeArg } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import type { Interaction } from '../../slack/interaction.js';
import { acknowledgeOnly, onAction, selectedOptionValue } from '../../slack/listeners.js';
import { helpdeskPersonFor } from '../../slack/people.js';
import { timeZoneOffsetOf } from '../../slack/profiles.js';
import { route } from '../../slack/routes.js';
import { escapeText } from '../../views/kit/blocks.js';
import { parseCardChange, TalepCardIds } from '../talep-card/public.js';
import { closeCancelledMessage, closeConfirmation, CloseIds, type MessageStateValues, suppressNotificationFrom } from '../../views/talep-work/close.js';
import {
  alreadyClosedNotice,
  assignedNotice,
  closedNotice,
  dueNotice,
  priorityNotice,
  statusNotice,
} from '../../views/talep-work/notices.js';
import { answerWithCard, cardControl, patchTalep, readTalep, readTalepButton, talepIdOfButton } from '../talep-card/public.js';
import { parseAssignArgs, parseCloseArgs, parseDueArgs, parsePriorityArgs, parseStatusArgs } from './args.js';
import { assignTalep } from './public.js';

/** An assignee as a help-desk user id (0 = nobody) and how to say it (mrkdwn, escaped). */
async function resolveAssignee(ix: Interaction, actor: Actor, assignee: AssigneeArg): Promise<{ userId: number; label?: string }> {
  if (assignee.kind === 'me') return { userId: actor.helpdeskUserId, label: messagesOf(ix).t('work.you') };
  if (assignee.kind === 'none') return { userId: 0 };
  const person = await helpdeskPersonFor(ix.services, actor, ix.client, assignee.userId, messagesOf(ix));
  return { userId: person.helpdeskUserId, label: `<@${assignee.userId}> (${escapeText(person.username)})` };
}

/** The same changes from the sub-commands and from the card's controls. */
async function setStatus(actor: Actor, talepId: number, statusId: number, m: Messages): Promise<string> {
  await actor.hd.updateTalep({ id: talepId, statusId });
  return statusNotice(talepId, statusId, m);
}

async function setPriority(actor: Actor, talepId: number, priority: number, m: Messages): Promise<string> {
  await actor.hd.updateTalep({ id: talepId, priority });
  return priorityNotice(talepId, priority, m);
}

async function closeTalep(actor: Actor, talepId: number, quiet: boolean, m: Messages): Promise<string> {
  await actor.hd.closeTalep({ id: talepId, ...(quiet ? { suppressNotification: true } : {}) });
  // The card that follows shows the talep closed without reading it again.
  patchTalep(actor, talepId, { Status: 'Closed', StatusID: StatusId.closed });
  return closedNotice(talepId, quiet, m);
}


export const talepWorkArea: Area = {
  name: 'talep-work',
  routes: [
    route({
      path: 'assign',
      usage: 'assign <id> <@user|me|none>',
      summary: 'Assign a talep to someone, to yourself, or to nobody',
      group: 'Taleps',
      audience: 'agent',
      parse: parseAssignArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => {
        const target = await resolveAssignee(ctx, ctx.actor, ctx.args.assignee);
        await assignTalep(ctx.actor, ctx.talepId, target.userId);
        await answerWithCard(ctx, assignedNotice(ctx.talepId, target.label, messagesOf(ctx)));
      },
    }),
    route({
      path: 'status',
      usage: 'status <id> <new|progress|closed>',
      summary: "Change a talep's status",
      group: 'Taleps',
      audience: 'everyone',
      parse: parseStatusArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => answerWithCard(ctx, await setStatus(ctx.actor, ctx.talepId, StatusId[ctx.args.status], messagesOf(ctx))),
    }),
    route({
      path: 'priority',
      usage: 'priority <id> <low|normal|high|critical>',
      summary: "Change a talep's priority",
      group: 'Taleps',
      audience: 'everyone',
      parse: parsePriorityArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => answerWithCard(ctx, await setPriority(ctx.actor, ctx.talepId, PriorityId[ctx.args.priority], messagesOf(ctx))),
    }),
    route({
      path: 'due',
      usage: 'due <id> <date|none>',
      summary: 'Set or clear the due date: `today`, `tomorrow`, `+3d`, `2026-12-01`, `2026-12-01 17:00`, `none`',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseDueArgs,
      needs: { talep: (ctx) => ctx.args.talepId },
      run: async (ctx) => {
        const due = parseDueDate(ctx.args.due, ctx.services.now(), await timeZoneOffsetOf(ctx));
        if (!due.ok) return ctx.surface.send({ text: `:warning: ${escapeText(parseProblemText(due.error, messagesOf(ctx)))}` });
        await ctx.actor.hd.updateTalep({ id: ctx.talepId, dueDate: due.value });
        await answerWithCard(ctx, dueNotice(ctx.talepId, due.value, messagesOf(ctx)));
      },
    }),
    route({
      path: 'close',
      usage: 'close <id>',
      summary: 'Close a talep (asks first; you can skip the closing e-mail)',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseCloseArgs,
      needs: { talep: (ctx) => ctx.args },
      run: async (ctx) => {
        const talep = await readTalep(ctx.actor, ctx.talepId);
        if (isClosed(talep)) return answerWithCard(ctx, alreadyClosedNotice(ctx.talepId, messagesOf(ctx)));
        await ctx.surface.send(closeConfirmation({ id: ctx.talepId, subject: talep.Subject }, messagesOf(ctx)));
      },
    }),
  ],
  listeners: [
    cardControl(TalepCardIds.assignToMe, readTalepButton, async (ctx) => {
      await assignTalep(ctx.actor, ctx.talepId, ctx.actor.helpdeskUserId);
      return assignedNotice(ctx.talepId, messagesOf(ctx).t('work.you'), messagesOf(ctx));
    }),
    cardControl(
      TalepCardIds.change,
      (action) => {
        const change = parseCardChange(selectedOptionValue(action));
        return change ? { talepId: change.talepId, input: change } : undefined;
      },
      (ctx, change) =>
        change.kind === 'status'
          ? setStatus(ctx.actor, ctx.talepId, change.statusId, messagesOf(ctx))
          : setPriority(ctx.actor, ctx.talepId, change.priority, messagesOf(ctx)),
    ),
    // The card's Close button asked with Block Kit's confirm dialog already.
    cardControl(TalepCardIds.close, readTalepButton, (ctx) => closeTalep(ctx.actor, ctx.talepId, false, messagesOf(ctx))),
    cardControl(CloseIds.confirm, readTalepButton, (ctx) =>
      closeTalep(ctx.actor, ctx.talepId, suppressNotificationFrom(ctx.body.state?.values as MessageStateValues | undefined), messagesOf(ctx)),
    ),
    onAction(CloseIds.cancel, async (ctx) => {
      const talepId = talepIdOfButton(ctx.action);
      const m = messagesOf(ctx);
      await ctx.surface.replace(talepId === undefined ? { text: m.t('failure.cancelled') } : closeCancelledMessage(talepId, m));
    }),
    // Ticking the checkbox sends an action too; its value is read when Confirm is pressed.
    acknowledgeOnly(CloseIds.quiet),
  ],
};
