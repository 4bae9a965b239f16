/**
 * Polling, for a help desk whose rules do not call the webhook: new taleps with `Search` (`dateFrom` =
 * the newest creation time seen), and changes of watched taleps (those the bot has shown or told
 * someone about: they have a mark) by reading each and comparing `LastUpdated` with its mark. Recently
 * active taleps are checked more often; everything within the poller's share of the budget
 * (poll-budget.ts). Marks are stored, so a restart resumes where it stopped: nothing missed, and the
 * consumers' own snapshots make sure nothing is repeated. Found changes are published to
 * `services.talepChanges` like the webhook's.
 *
 * A start/stop-able component (`BackgroundWork`): a multi-instance deployment runs it on one instance.
 */
import { HelpdeskError } from '../../api/errors.js';
import type { TalepListItem } from '../../api/schemas.js';
import { openStatusIds, StatusId, statusIdOf } from '../../domain/status.js';
import type { BackgroundWork } from '../../slack/dispatch.js';
import type { Actor } from '../../slack/actor.js';
import type { PollMark, TalepSnapshot } from '../../store/notify-store.js';
import { type NotifyContext, tokenRefused } from './context.js';
import { PollBudget } from './poll-budget.js';
import { discoveryReader } from './personal.js';
import { backgroundActor } from './read.js';

const ASSIGNED_SCAN_MS = 10 * 60_000;

/**
 * What a person is taken to know of a talep found in their list: its fields as the row says; comments
 * unknown (`lastCommentId` -1: the first full read takes them as the baseline, none announced).
 */
export function rowSnapshot(row: TalepListItem): TalepSnapshot {
  const statusId = statusIdOf(row);
  return {
    ...(row.LastUpdated ? { lastUpdated: row.LastUpdated.toISOString() } : {}),
    ...(statusId !== undefined ? { statusId } : {}),
    status: row.Status ?? '',
    assigneeId: row.AssigneeID ?? null,
    assigneeName: row.AssigneeName ?? null,
    priority: row.Priority ?? 0,
    dueDate: row.DueDate ? row.DueDate.toISOString() : null,
    lastCommentId: -1,
  };
}

export interface PollerOptions {
  /** How often the poller wakes up to spend what its budget allows (default 1 s). */
  tickMs?: number;
  /** Search for new taleps at most this often (default 5 s). */
  searchEveryMs?: number;
  limits?: { general: number; search: number };
}

/** How long a watched talep may go unchecked: recently active ones are checked more often. */
export function checkInterval(mark: PollMark, now: number): number {
  const quietFor = now - Date.parse(mark.activeAt);
  if (quietFor < 10 * 60_000) return 5_000;
  if (quietFor < 60 * 60_000) return 30_000;
  if (quietFor < 24 * 3_600_000) return 5 * 60_000;
  return 30 * 60_000;
}

export class Poller implements BackgroundWork {
  readonly budget: PollBudget;
  readonly #ctx: NotifyContext;
  readonly #tickMs: number;
  readonly #searchEveryMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #lastSearch = 0;
  /** `team:user` → when their assigned taleps were last scanned. */
  readonly #scanned = new Map<string, number>();
  #stopped = true;

  constructor(ctx: NotifyContext, options: PollerOptions = {}) {
    this.#ctx = ctx;
    this.#tickMs = options.tickMs ?? 1_000;
    this.#searchEveryMs = options.searchEveryMs ?? 5_000;
    this.budget = new PollBudget({ share: ctx.settings.pollShare, ...(options.limits ? { limits: options.limits } : {}) });
  }

  async start(): Promise<void> {
    this.#stopped = false;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.tick()
        .catch((error: unknown) => this.#ctx.services.logger.warn('poller: a round failed (the next one tries again)', error))
        .finally(() => {
          this.#running = undefined;
          this.#schedule();
        });
    }, this.#tickMs);
    this.#timer.unref?.();
  }

  /** Interactive calls waiting: the poller leaves them the whole budget. */
  #interactiveWaiting(): boolean {
    return this.#ctx.services.helpdesk.throttle.stats().queued.interactive > 0;
  }

  /** Who reads for the poller: a linked agent (sees every talep), else a feed's creator. */
  async #reader(): Promise<Actor | undefined> {
    const agent = await discoveryReader(this.#ctx);
    if (agent) return agent;
    for (const feed of await this.#ctx.services.stores.notify.feeds()) {
      if (feed.pausedAt) continue;
      const actor = await backgroundActor(this.#ctx.services, { teamId: feed.teamId, userId: feed.createdBy });
      if (typeof actor !== 'string') return actor;
    }
    return undefined;
  }

  /** One round: new taleps (when due), then the watched taleps most overdue for a check, while the share allows. */
  async tick(): Promise<void> {
    if (this.#interactiveWaiting()) return;
    const reader = await this.#reader();
    if (!reader) return;
    try {
      const now = Date.now();
      if (now - this.#lastSearch >= this.#searchEveryMs && this.budget.take('search')) {
        this.#lastSearch = now;
        await this.#newTaleps(reader);
      }
      await this.#assignedScan();
      await this.#watched(reader);
    } catch (error) {
      if (error instanceof HelpdeskError && error.kind === 'unauthorized') {
        await tokenRefused(this.#ctx, reader);
        return;
      }
      throw error;
    }
  }

  /**
   * Assignees' open taleps are watched too (for their DMs and due reminders): every ASSIGNED_SCAN_MS,
   * one person per round, their own Search (`assignedToUserId` = them). A talep found this way gets a
   * mark and, for that person, a baseline from the list row (what they already know is not news);
   * one due soon or overdue is followed up at once.
   */
  async #assignedScan(): Promise<void> {
    const { services } = this.#ctx;
    const now = Date.now();
    const person = (await services.stores.accounts.linkedPeople()).filter((candidate) => !candidate.rejected && now - (this.#scanned.get(`${candidate.teamId}:${candidate.userId}`) ?? 0) >= ASSIGNED_SCAN_MS)[0];
    if (!person || !this.budget.take('search')) return;
    this.#scanned.set(`${person.teamId}:${person.userId}`, now);
    const actor = await backgroundActor(services, person);
    if (typeof actor === 'string') return;
    const rows = await actor.hd.search({ query: '', assignedToUserId: actor.helpdeskUserId, statusId: [...openStatusIds] });
    const { notify } = services.stores;
    const at = services.now();
    for (const row of rows.slice(0, 200)) {
      if (!(await notify.mark(row.TalepID))) {
        await notify.setMark(row.TalepID, {
          ...(row.LastUpdated ? { lastUpdated: row.LastUpdated.toISOString() } : {}),
          activeAt: new Date(0).toISOString(),
          checkedAt: at.toISOString(),
          dueDate: row.DueDate ? row.DueDate.toISOString() : null,
        });
      }
      if (!(await notify.personal(person.teamId, person.userId, row.TalepID))) {
        await notify.savePersonal(person.teamId, person.userId, row.TalepID, { state: rowSnapshot(row) });
        const due = row.DueDate?.getTime();
        if (due !== undefined && due - at.getTime() <= this.#ctx.settings.dueSoonHours * 3_600_000) {
          await services.talepChanges.publish({ talepId: row.TalepID, kind: 'updated', via: 'poll', at });
        }
      }
    }
  }

  async #newTaleps(reader: Actor): Promise<void> {
    const { notify } = this.#ctx.services.stores;
    const scope = `${reader.teamId}:${reader.userId}`;
    const newest = await notify.newest(scope);
    const now = this.#ctx.services.now();
    if (!newest) {
      // The first round starts from now: history is not news.
      await notify.setNewest(scope, now);
      return;
    }
    const rows = await reader.hd.search({ query: '', dateFrom: newest });
    const marks = await notify.marks();
    let latest = newest;
    for (const row of rows.sort((a, b) => (a.IssueDate?.getTime() ?? 0) - (b.IssueDate?.getTime() ?? 0))) {
      if (!row.IssueDate || row.IssueDate < newest) continue;
      if (row.IssueDate > latest) latest = row.IssueDate;
      if (marks.has(row.TalepID)) continue;
      await notify.setMark(row.TalepID, { activeAt: now.toISOString(), checkedAt: now.toISOString(), ...(row.LastUpdated ? { lastUpdated: row.LastUpdated.toISOString() } : {}) });
      await this.#ctx.services.talepChanges.publish({ talepId: row.TalepID, kind: 'created', via: 'poll', at: now });
    }
    // Inclusive next time (`dateFrom` is), so a talep created in the same instant is not missed; marks skip repeats.
    if (latest > newest) await notify.setNewest(scope, latest);
  }

  async #watched(reader: Actor): Promise<void> {
    const { notify } = this.#ctx.services.stores;
    const now = Date.now();
    const due = [...(await notify.marks())]
      .map(([talepId, mark]) => ({ talepId, mark, late: now - Date.parse(mark.checkedAt) - checkInterval(mark, now) }))
      .filter((entry) => entry.late >= 0)
      .sort((a, b) => b.late - a.late);
    for (const { talepId, mark } of due) {
      if (this.#stopped || this.#interactiveWaiting() || !this.budget.take('general')) return;
      const at = this.#ctx.services.now();
      let talep;
      try {
        talep = await reader.hd.getTalep({ id: talepId });
      } catch (error) {
        if (error instanceof HelpdeskError && (error.kind === 'not-found' || error.kind === 'forbidden')) {
          // Gone (merged, deleted) or out of sight: checked rarely from now on.
          await notify.setMark(talepId, { ...mark, checkedAt: at.toISOString() });
          continue;
        }
        throw error;
      }
      const lastUpdated = talep.LastUpdated?.toISOString();
      const changed = lastUpdated !== mark.lastUpdated || (talep.DueDate?.toISOString() ?? null) !== (mark.dueDate ?? null);
      const closed = statusIdOf(talep) === StatusId.closed;
      await notify.setMark(talepId, {
        ...(lastUpdated ? { lastUpdated } : {}),
        // A closed talep is quiet at once; a changed one is active now.
        activeAt: changed && !closed ? at.toISOString() : closed ? new Date(0).toISOString() : mark.activeAt,
        checkedAt: at.toISOString(),
        dueDate: talep.DueDate ? talep.DueDate.toISOString() : null,
      });
      if (changed) await this.#ctx.services.talepChanges.publish({ talepId, kind: 'updated', via: 'poll', at });
    }
  }
}
