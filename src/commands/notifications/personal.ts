/**
 * Personal DMs: assigned to me; a new public comment on a talep I submitted, am assigned to or
 * subscribe to; status changes of my taleps; due soon (NOTIFY_DUE_HOURS before) and overdue. Each
 * person's talep is read with their own token. Muted taleps and switched-off kinds send nothing;
 * quiet hours and digest-only hold the lines for one digest DM later.
 */
import type { Talep } from '../../api/schemas.js';
import type { Messages } from '../../i18n/messages.js';
import { StatusId } from '../../domain/status.js';
import type { Actor, Who } from '../../slack/actor.js';
import { cachedSlackProfile } from '../../slack/profiles.js';
import type { NotifyKind, NotifyPrefs, PersonalState } from '../../store/notify-store.js';
import { changesBetween, type TalepChangeLine } from '../../views/notifications/changes.js';
import { digestDm, dmLine, dueLine, notificationDm } from '../../views/notifications/dm.js';
import { digestOf, type NotifyContext, personMessages, tokenRefused } from './context.js';
import { backgroundActor, changedSince, type ReadCache, readTalepAs, type TalepRead } from './read.js';

interface Person extends Who {
  helpdeskUserId: number;
}

/** The linked people a talep concerns: its submitter, assignee and subscribers (read once, by `reader`). */
export async function peopleOf(ctx: NotifyContext, talep: Talep, reader: Actor | undefined): Promise<Person[]> {
  const ids = new Set<number>([talep.SubmitterUserInfo.UserID]);
  if (talep.AssigneeUserInfo) ids.add(talep.AssigneeUserInfo.UserID);
  if (reader) {
    try {
      for (const subscriber of await reader.hd.subscribers({ id: talep.TalepID })) ids.add(subscriber.UserID);
    } catch (error) {
      ctx.services.logger.debug?.(`notifications: subscribers of talep ${talep.TalepID} not read (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return (await ctx.services.stores.accounts.linkedPeople())
    .filter((person) => ids.has(person.helpdeskUserId))
    .map(({ teamId, userId, helpdeskUserId }) => ({ teamId, userId, helpdeskUserId }));
}

/** A reader allowed to see any talep, to find out whom it concerns: a linked agent or admin whose token works. */
export async function discoveryReader(ctx: NotifyContext): Promise<Actor | undefined> {
  for (const person of await ctx.services.stores.accounts.linkedPeople()) {
    if (person.rejected || person.role === 'user') continue;
    const actor = await backgroundActor(ctx.services, person);
    if (typeof actor !== 'string') return actor;
  }
  return undefined;
}

function linesFor(person: Person, read: TalepRead, before: PersonalState | undefined, m: Messages): { kind: NotifyKind; line: TalepChangeLine }[] {
  const { talep } = read;
  const isSubmitter = talep.SubmitterUserInfo.UserID === person.helpdeskUserId;
  const isAssignee = talep.AssigneeUserInfo?.UserID === person.helpdeskUserId;
  const out: { kind: NotifyKind; line: TalepChangeLine }[] = [];
  if (!before) {
    // The first time the bot sees this talep for this person: only an assignment is news.
    if (isAssignee && !isSubmitter) out.push({ kind: 'assigned', line: { kind: 'assigned', to: talep.AssigneeUserInfo?.Username ?? m.t('notify.you') } });
    return out;
  }
  // A baseline from a list row knows no comment ids: the comments after its LastUpdated are the new ones.
  const since = before.state.lastUpdated ? Date.parse(before.state.lastUpdated) : Number.POSITIVE_INFINITY;
  const comments = before.state.lastCommentId < 0 ? read.comments.filter((comment) => new Date(comment.CommentDate).getTime() > since) : read.comments;
  for (const line of changesBetween(before.state, read.snapshot, comments)) {
    if (line.kind === 'assigned' && isAssignee) out.push({ kind: 'assigned', line });
    else if (line.kind === 'comment' && read.comments.find((comment) => comment.CommentID === line.comment.CommentID)?.UserID !== person.helpdeskUserId) {
      out.push({ kind: 'comment', line });
    } else if ((line.kind === 'status' || line.kind === 'closed') && isSubmitter) out.push({ kind: 'status', line });
  }
  return out;
}

function inQuietHours(prefs: NotifyPrefs, now: Date): boolean {
  if (!prefs.quietHours) return false;
  const hour = new Date(now.getTime() + (prefs.tzOffset ?? 0) * 1000).getUTCHours();
  const { from, to } = prefs.quietHours;
  return from <= to ? hour >= from && hour < to : hour >= from || hour < to;
}

/**
 * Sends (or holds for the digest) one DM line, once per key. `line(held)`: the text, told whether it
 * waits for the digest (then "in 3 hours" would be stale when it arrives).
 */
async function deliver(ctx: NotifyContext, person: Person, prefs: NotifyPrefs, talepId: number, line: (held: boolean) => string, key: string, m: Messages): Promise<void> {
  const { notify } = ctx.services.stores;
  if (!(await notify.claim(key, ctx.services.now()))) return;
  if (prefs.digestOnly || inQuietHours(prefs, ctx.services.now())) {
    await notify.holdForDigest(person.teamId, person.userId, line(true));
    return;
  }
  // The push notification's text says dates in the person's zone when it is known (quiet hours, their profile).
  const message = notificationDm(talepId, line(false), m, prefs.tzOffset ?? cachedSlackProfile(person.userId)?.tzOffset);
  try {
    await ctx.pacer.post(person.userId, () =>
      ctx.client.chat.postMessage({ channel: person.userId, text: message.text, blocks: message.blocks ?? [], unfurl_links: false, unfurl_media: false }),
    );
  } catch (error) {
    await notify.release(key);
    throw error;
  }
}

/** The DMs one talep's change means for one person; returns whether anything about them changed (App Home). */
export async function notifyPerson(ctx: NotifyContext, person: Person, talepId: number, cache: ReadCache = new Map()): Promise<boolean> {
  const { notify } = ctx.services.stores;
  const actor = await backgroundActor(ctx.services, person);
  if (actor === 'unlinked') return false;
  if (actor === 'refused') {
    await tokenRefused(ctx, person);
    return false;
  }
  const before = await notify.personal(person.teamId, person.userId, talepId);
  const read = await readTalepAs(actor, talepId, (talep) => changedSince(talep, before?.state), before?.state, cache);
  if (read === 'refused') {
    await tokenRefused(ctx, person);
    return false;
  }
  if (read === 'unseen') return false;
  const prefs = await notify.prefs(person.teamId, person.userId);
  const next: PersonalState = { ...before, state: read.snapshot };
  const muted = prefs.muted.includes(talepId);
  const template = ctx.services.talepUrlTemplate;
  // The person's words (their choice, else their Slack language): a DM is theirs alone.
  const m = await personMessages(ctx, person);
  const wanted = linesFor(person, read, before, m).filter(({ kind }) => prefs.kinds[kind]);
  if (!muted && wanted.length > 0) {
    const lines = wanted.map(({ line }) => line);
    await deliver(ctx, person, prefs, talepId, () => dmLine(read.talep, template, lines, m), `dm|${person.teamId}|${person.userId}|${talepId}|${digestOf([read.snapshot, lines])}`, m);
  }
  const dueTold = await dueReminder(ctx, person, prefs, read, next, muted, m);
  await notify.savePersonal(person.teamId, person.userId, talepId, { ...next, ...dueTold });
  return !before || wanted.length > 0 || changedSince(read.talep, before.state);
}

/** "Due in N hours" and "overdue", once per due date, to the assignee (or the submitter of an unassigned talep). */
async function dueReminder(ctx: NotifyContext, person: Person, prefs: NotifyPrefs, read: TalepRead, state: PersonalState, muted: boolean, m: Messages): Promise<Partial<PersonalState>> {
  const { talep } = read;
  if (!talep.DueDate || read.snapshot.statusId === StatusId.closed) return {};
  const responsible = talep.AssigneeUserInfo ? talep.AssigneeUserInfo.UserID === person.helpdeskUserId : talep.SubmitterUserInfo.UserID === person.helpdeskUserId;
  if (!responsible) return {};
  const due = talep.DueDate;
  const dueIso = due.toISOString();
  const now = ctx.services.now();
  const overdue = due.getTime() <= now.getTime();
  const soon = !overdue && due.getTime() - now.getTime() <= ctx.settings.dueSoonHours * 3_600_000;
  if (overdue && state.overdueFor !== dueIso) {
    if (!muted && prefs.kinds.due) await deliver(ctx, person, prefs, talep.TalepID, (held) => dueLine(talep, ctx.services.talepUrlTemplate, due, true, held ? undefined : now, m), `overdue|${person.teamId}|${person.userId}|${talep.TalepID}|${dueIso}`, m);
    return { overdueFor: dueIso, dueSoonFor: dueIso };
  }
  if (soon && state.dueSoonFor !== dueIso) {
    if (!muted && prefs.kinds.due) await deliver(ctx, person, prefs, talep.TalepID, (held) => dueLine(talep, ctx.services.talepUrlTemplate, due, false, held ? undefined : now, m), `due|${person.teamId}|${person.userId}|${talep.TalepID}|${dueIso}`, m);
    return { dueSoonFor: dueIso };
  }
  return {};
}

/** Sends each held digest whose owner is out of quiet hours (digest-only people: once a day, from 09:00). */
export async function flushDigests(ctx: NotifyContext): Promise<void> {
  const { notify } = ctx.services.stores;
  const now = ctx.services.now();
  for (const owner of await notify.digestOwners()) {
    const prefs = await notify.prefs(owner.teamId, owner.userId);
    if (inQuietHours(prefs, now)) continue;
    if (prefs.digestOnly && new Date(now.getTime() + (prefs.tzOffset ?? 0) * 1000).getUTCHours() !== 9) continue;
    const lines = await notify.takeDigest(owner.teamId, owner.userId);
    if (lines.length === 0) continue;
    const message = digestDm(lines, await personMessages(ctx, owner));
    await ctx.pacer.post(owner.userId, () => ctx.client.chat.postMessage({ channel: owner.userId, text: message.text, blocks: message.blocks ?? [], unfurl_links: false }));
  }
}
