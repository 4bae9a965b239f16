/**
 * Changing a talep: `/talep assign | status | priority | due`, and the card's controls that do the same
 * (Assign to me, the status/priority select). Each answers with the refreshed card and a line saying
 * what changed; card controls re-render the card in place. Commenting is ./talep-comment.ts, closing
 * ./talep-close.ts.
 */
import type { webApi } from '@slack/bolt';
import { slackProfile } from '../slack/profiles.js';
import { escapeText, slackDate } from '../views/kit/blocks.js';
import { priorityName } from '../domain/priority.js';
import { parseCardChange, TalepCardIds } from '../views/talep-card/ids.js';
import {
  type AssigneeArg,
  fail,
  ok,
  type Parsed,
  parseAssignee,
  parseDueDate,
  parsePriority,
  parseStatus,
  type PriorityName,
  priorityIds,
  type StatusName,
  statusIds,
  withTalepId,
} from './args.js';
import type { CommandModule } from './module.js';
import { helpdeskPersonFor } from '../slack/people.js';
import { explainPersonProblems } from './session.js';
import type { Services } from '../slack/services.js';
import type { Session } from './session.js';
import { forTalepWithCard, onCardAction, readTalepButton } from './legacy-card.js';

// ── parsers (pure) ───────────────────────────────────────────────────────────────────────────────

export interface AssignArgs {
  talepId: number;
  assignee: AssigneeArg;
}

export function parseAssignArgs(text: string): Parsed<AssignArgs> {
  return withTalepId(text, (talepId, remainder) => {
    if (!remainder) return fail('Who should take it? Add @someone, `me` or `none`.');
    const assignee = parseAssignee(remainder);
    return assignee.ok ? ok({ talepId, assignee: assignee.value }) : assignee;
  });
}

export function parseStatusArgs(text: string): Parsed<{ talepId: number; status: StatusName }> {
  return withTalepId(text, (talepId, remainder) => {
    const status = parseStatus(remainder);
    return status.ok ? ok({ talepId, status: status.value }) : status;
  });
}

export function parsePriorityArgs(text: string): Parsed<{ talepId: number; priority: PriorityName }> {
  return withTalepId(text, (talepId, remainder) => {
    const priority = parsePriority(remainder);
    return priority.ok ? ok({ talepId, priority: priority.value }) : priority;
  });
}

export interface DueArgs {
  talepId: number;
  /** Checked here, turned into an instant when the command runs (it needs now and the user's zone). */
  due: string;
}

export function parseDueArgs(text: string): Parsed<DueArgs> {
  return withTalepId(text, (talepId, remainder) => {
    // The syntax does not depend on the clock or the zone: check it now, resolve it in `run`.
    const checked = parseDueDate(remainder, new Date(0), 0);
    return checked.ok ? ok({ talepId, due: remainder.trim() }) : checked;
  });
}

// ── notices (what just happened, above the card) ─────────────────────────────────────────────────

const statusLabels: Record<number, string> = { 1: 'New', 2: 'In progress', 3: 'Closed' };

export const statusNotice = (talepId: number, statusId: number): string =>
  `:white_check_mark: Status of #${talepId} set to *${statusLabels[statusId] ?? statusId}*.`;
export const priorityNotice = (talepId: number, priority: number): string =>
  `:white_check_mark: Priority of #${talepId} set to *${escapeText(priorityName(priority))}*.`;
export const dueNotice = (talepId: number, due: Date | null): string =>
  due ? `:calendar: Talep #${talepId} is due ${slackDate(due)}.` : `:calendar: Due date of #${talepId} removed.`;
// ── the work ─────────────────────────────────────────────────────────────────────────────────────

/** An assignee as a help-desk user id (0 = nobody) and how to say it. */
async function resolveAssignee(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  assignee: AssigneeArg,
): Promise<{ userId: number; label: string }> {
  if (assignee.kind === 'me') return { userId: session.account.helpdeskUserId, label: 'you' };
  if (assignee.kind === 'none') return { userId: 0, label: 'nobody' };
  const person = await helpdeskPersonFor(services, session, client, assignee.userId);
  return { userId: person.helpdeskUserId, label: `<@${assignee.userId}> (${escapeText(person.username)})` };
}

/** The same change from `/talep status` and from the card's select. */
async function setStatus(session: Session, talepId: number, statusId: number): Promise<string> {
  await session.hd.updateTalep({ id: talepId, statusId });
  return statusNotice(talepId, statusId);
}

async function setPriority(session: Session, talepId: number, priority: number): Promise<string> {
  await session.hd.updateTalep({ id: talepId, priority });
  return priorityNotice(talepId, priority);
}

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const talepWorkModule: CommandModule = {
  name: 'talep-work',
  register({ app, services, router }) {
    router.add<AssignArgs>({
      name: 'assign',
      usage: 'assign <id> <@user|me|none>',
      summary: 'Assign a talep to someone, to yourself, or to nobody',
      group: 'Taleps',
      audience: 'agent',
      parse: parseAssignArgs,
      run: (context, { talepId, assignee }) =>
        forTalepWithCard(services, context, talepId, async (session) => {
          const target = await explainPersonProblems(context.reply, () => resolveAssignee(services, session, context.client, assignee));
          if (!target) return false;
          await session.hd.updateTalep({ id: talepId, assignedUserId: target.userId });
          return target.userId === 0
            ? `:white_check_mark: Talep #${talepId} is unassigned.`
            : `:white_check_mark: Talep #${talepId} is assigned to ${target.label}.`;
        }),
    });

    router.add<{ talepId: number; status: StatusName }>({
      name: 'status',
      usage: 'status <id> <new|progress|closed>',
      summary: "Change a talep's status",
      group: 'Taleps',
      audience: 'everyone',
      parse: parseStatusArgs,
      run: (context, { talepId, status }) =>
        forTalepWithCard(services, context, talepId, (session) => setStatus(session, talepId, statusIds[status])),
    });

    router.add<{ talepId: number; priority: PriorityName }>({
      name: 'priority',
      usage: 'priority <id> <low|normal|high|critical>',
      summary: "Change a talep's priority",
      group: 'Taleps',
      audience: 'everyone',
      parse: parsePriorityArgs,
      run: (context, { talepId, priority }) =>
        forTalepWithCard(services, context, talepId, (session) => setPriority(session, talepId, priorityIds[priority])),
    });

    router.add<DueArgs>({
      name: 'due',
      usage: 'due <id> <date|none>',
      summary: 'Set or clear the due date: `today`, `tomorrow`, `+3d`, `2026-12-01`, `2026-12-01 17:00`, `none`',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseDueArgs,
      run: (context, { talepId, due }) =>
        forTalepWithCard(services, context, talepId, async (session) => {
          const { client, userId, reply } = context;
          // "tomorrow" means the end of tomorrow where the user is.
          const tzOffset = await slackProfile(client, userId).then(
            (profile) => profile.tzOffset,
            (error: unknown) => {
              services.logger.warn(`no Slack time zone for ${userId}; reading the due date in UTC`, error);
              return 0;
            },
          );
          const dueDate = parseDueDate(due, services.now(), tzOffset);
          if (!dueDate.ok) {
            await reply.send({ text: `:warning: ${dueDate.error}` });
            return false;
          }
          await session.hd.updateTalep({ id: talepId, dueDate: dueDate.value });
          return dueNotice(talepId, dueDate.value);
        }),
    });

    // ── card controls ──

    onCardAction(app, services, TalepCardIds.assignToMe, readTalepButton, async ({ session, talepId }) => {
      await session.hd.updateTalep({ id: talepId, assignedUserId: session.account.helpdeskUserId });
      return `:white_check_mark: Talep #${talepId} is assigned to you.`;
    });

    onCardAction(
      app,
      services,
      TalepCardIds.change,
      (action) => {
        const selected = (action as { selected_option?: { value?: unknown } }).selected_option?.value;
        const change = parseCardChange(typeof selected === 'string' ? selected : undefined);
        return change ? { talepId: change.talepId, input: change } : undefined;
      },
      ({ session, talepId }, change) =>
        change.kind === 'status' ? setStatus(session, talepId, change.statusId) : setPriority(session, talepId, change.priority),
    );
  },
};
