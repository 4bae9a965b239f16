/**
 * Reading a talep for one destination, with the token of whoever that destination reads as (a feed's
 * creator, a person for their DMs), at background priority: interactive calls go first. Only public
 * comments are ever kept: neither a channel nor a DM shows ForTechsOnly ones.
 */
import { HelpdeskError } from '../../api/errors.js';
import type { Comment, Talep } from '../../api/schemas.js';
import { statusIdOf } from '../../domain/status.js';
import { type Actor, actorFor, type Who } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { TalepSnapshot } from '../../store/notify-store.js';

export type PublicComment = Pick<Comment, 'CommentID' | 'UserID' | 'UserName' | 'Body' | 'CommentDate'>;

export interface TalepRead {
  talep: Talep;
  snapshot: TalepSnapshot;
  /** Public comments (never ForTechsOnly), oldest first; only read when the caller asked for them. */
  comments: PublicComment[];
}

/** Why a read gave nothing: the token was refused, or this reader may not see the talep (or it is gone). */
export type ReadProblem = 'refused' | 'unseen';

export async function backgroundActor(services: Services, who: Who): Promise<Actor | 'refused' | 'unlinked'> {
  const actor = await actorFor(services, who, { priority: 'background' });
  if (actor === 'rejected') return 'refused';
  if (typeof actor === 'string') return 'unlinked';
  return actor;
}

export function snapshotOf(talep: Talep, comments: readonly PublicComment[] | undefined, previous?: TalepSnapshot): TalepSnapshot {
  return {
    ...(talep.LastUpdated ? { lastUpdated: talep.LastUpdated.toISOString() } : {}),
    ...(statusIdOf(talep) !== undefined ? { statusId: statusIdOf(talep) } : {}),
    status: talep.Status,
    assigneeId: talep.AssigneeUserInfo?.UserID ?? null,
    assigneeName: talep.AssigneeUserInfo ? (talep.AssigneeUserInfo.Username ?? null) : null,
    priority: talep.Priority,
    dueDate: talep.DueDate ? talep.DueDate.toISOString() : null,
    lastCommentId: comments ? comments.reduce((max, comment) => Math.max(max, comment.CommentID), 0) : (previous?.lastCommentId ?? 0),
  };
}

/**
 * What one follow-up of a talep already read, per reader (`team:user`): a talep read once for
 * "whom does it concern" serves the feeds and DMs that read as the same person, so a change costs
 * as few help-desk calls as the permissions allow.
 */
export type ReadCache = Map<string, { talep: Talep; comments?: PublicComment[] }>;

const readerKey = (actor: Actor) => `${actor.teamId}:${actor.userId}`;

/** Puts a talep read by `actor` into the cache (the engine's first read). */
export function remember(cache: ReadCache, actor: Actor, talep: Talep): void {
  if (!cache.has(readerKey(actor))) cache.set(readerKey(actor), { talep });
}

/**
 * The talep as `actor` sees it; comments only when `withComments` says so for the talep read (they
 * are the costly part, and unneeded when nothing changed since `previous`).
 */
export async function readTalepAs(
  actor: Actor,
  talepId: number,
  withComments: (talep: Talep) => boolean,
  previous?: TalepSnapshot,
  cache: ReadCache = new Map(),
): Promise<TalepRead | ReadProblem> {
  try {
    const cached = cache.get(readerKey(actor));
    const talep = cached?.talep ?? (await actor.hd.getTalep({ id: talepId }));
    let comments = cached?.comments;
    if (!comments && withComments(talep)) {
      comments = (await actor.hd.comments({ id: talepId }))
        .filter((comment) => !comment.ForTechsOnly)
        .map(({ CommentID, UserID, UserName, Body, CommentDate }) => ({ CommentID, UserID, UserName, Body, CommentDate }))
        .sort((a, b) => a.CommentID - b.CommentID);
    }
    cache.set(readerKey(actor), { talep, ...(comments ? { comments } : {}) });
    return { talep, snapshot: snapshotOf(talep, comments, previous), comments: comments ?? [] };
  } catch (error) {
    if (error instanceof HelpdeskError && error.kind === 'unauthorized') return 'refused';
    if (error instanceof HelpdeskError && (error.kind === 'not-found' || error.kind === 'forbidden')) return 'unseen';
    throw error;
  }
}

/** Whether a talep changed since a destination's snapshot (then its comments are worth reading). */
export const changedSince = (talep: Talep, previous: TalepSnapshot | undefined): boolean =>
  !previous || !talep.LastUpdated || previous.lastUpdated !== talep.LastUpdated.toISOString();
