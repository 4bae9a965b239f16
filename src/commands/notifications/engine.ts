/**
 * Help desk → Slack, running in the background: every "talep changed" hint (webhook, poller) is
 * coalesced per talep, then the talep is read and each channel feed, each person concerned (DMs) and
 * their App Home follow. Also: the poller (when NOTIFY_POLL is on), the due-date sweep, held digests,
 * and feeds resuming after their creator reconnects. Started and stopped with the app.
 */
import type { webApi } from '@slack/bolt';
import type { TalepChange } from '../../events/talep-changes.js';
import type { BackgroundWork } from '../../slack/dispatch.js';
import type { Services } from '../../slack/services.js';
import { publishHome } from '../account/public.js';
import { Coalescer } from './coalescer.js';
import { defaultNotifySettings, type NotifyContext, resumeReconnectedFeeds } from './context.js';
import { updateFeeds } from './feeds.js';
import { discoveryReader, flushDigests, notifyPerson, peopleOf } from './personal.js';
import { Poller } from './poller.js';
import { type ReadCache, remember } from './read.js';
import { SlackPacer } from './slack-queue.js';
import { dropQueueCache } from './work-queue.js';

const SWEEP_MS = 60_000;

/** The engine of each running app, by its services (the benchmark reads its poller's figures). */
export const runningEngines = new WeakMap<Services, NotificationEngine>();

export class NotificationEngine implements BackgroundWork {
  readonly ctx: NotifyContext;
  readonly poller: Poller | undefined;
  /** The poller as it runs: on one instance at a time when instances share a database (`runAlone`). */
  readonly #polling: BackgroundWork | undefined;
  readonly #coalescer: Coalescer;
  /** Due-date phases already re-checked by this process (`talep|due|phase`), so the sweep asks once. */
  readonly #swept = new Set<string>();
  #unsubscribe: (() => void) | undefined;
  #sweep: NodeJS.Timeout | undefined;

  constructor(services: Services, client: webApi.WebClient) {
    const settings = services.notify ?? defaultNotifySettings;
    this.ctx = { services, client, pacer: new SlackPacer(), settings };
    this.#coalescer = new Coalescer({
      quietMs: settings.coalesceMs,
      handle: (talepId, changes) => this.handle(talepId, changes),
      onError: (error, talepId) => {
        services.logger.warn(`notifications: talep ${talepId} not followed up (the poller tries again)`, error);
        void this.#forgetLastUpdated(talepId);
      },
    });
    this.poller = settings.poll ? new Poller(this.ctx) : undefined;
    this.#polling = this.poller && services.runAlone ? services.runAlone('notifications poller', this.poller) : this.poller;
    runningEngines.set(services, this);
  }

  async start(): Promise<void> {
    this.#unsubscribe = this.ctx.services.talepChanges.subscribe((change) => this.#coalescer.add(change));
    await this.#polling?.start();
    this.#sweep = setInterval(() => void this.sweep(), SWEEP_MS);
    this.#sweep.unref?.();
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.();
    if (this.#sweep) clearInterval(this.#sweep);
    await this.#polling?.stop();
    await this.#coalescer.stop();
    await this.ctx.pacer.drain();
  }

  get idle(): boolean {
    return this.#coalescer.idle;
  }

  /**
   * One talep, after its changes settled: feeds, then the people it concerns (DMs, App Home). The talep
   * is read once first (by a linked agent) to know whom it concerns; its `LastUpdated` then becomes the
   * poller's mark. Every later read is at least as new, so a change that lands while this runs is newer
   * than the mark and the poller still finds it: no gap.
   */
  async handle(talepId: number, changes: readonly TalepChange[]): Promise<void> {
    const { services } = this.ctx;
    const reader = await discoveryReader(this.ctx);
    const cache: ReadCache = new Map();
    let talep;
    if (reader) {
      try {
        talep = await reader.hd.getTalep({ id: talepId });
        remember(cache, reader, talep);
      } catch (error) {
        services.logger.info(`notifications: talep ${talepId} not read for DMs (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    const now = services.now();
    const mark = await services.stores.notify.mark(talepId);
    await services.stores.notify.setMark(talepId, {
      // Without a read of our own, the poller's next check reads it (an unknown LastUpdated never matches).
      ...(talep?.LastUpdated ? { lastUpdated: talep.LastUpdated.toISOString() } : {}),
      activeAt: now.toISOString(),
      checkedAt: mark?.checkedAt ?? now.toISOString(),
      dueDate: talep ? (talep.DueDate ? talep.DueDate.toISOString() : null) : (mark?.dueDate ?? null),
    });
    await resumeReconnectedFeeds(this.ctx);
    await updateFeeds(this.ctx, talepId, changes, cache);
    if (!talep) return;
    for (const person of await peopleOf(this.ctx, talep, reader)) {
      try {
        const touched = await notifyPerson(this.ctx, person, talepId, cache);
        if (touched && dropQueueCache(services, person)) {
          await this.ctx.pacer.publish(() => publishHome(services, this.ctx.client, person));
        }
      } catch (error) {
        services.logger.warn(`notifications: ${person.teamId}:${person.userId} not told about talep ${talepId}`, error);
      }
    }
  }

  /** After a failed follow-up the mark's LastUpdated is dropped, so the poller's next check runs it again. */
  async #forgetLastUpdated(talepId: number): Promise<void> {
    const { notify } = this.ctx.services.stores;
    const mark = await notify.mark(talepId).catch(() => undefined);
    if (!mark) return;
    const { lastUpdated: _dropped, ...rest } = mark;
    await notify.setMark(talepId, { ...rest, checkedAt: new Date(0).toISOString() }).catch(() => undefined);
  }

  /** Every minute: held digests, resumed feeds, and taleps whose due date enters the "soon" window or passes. */
  async sweep(): Promise<void> {
    const { services, settings } = this.ctx;
    try {
      await flushDigests(this.ctx);
      await resumeReconnectedFeeds(this.ctx);
      const now = services.now().getTime();
      for (const [talepId, mark] of await services.stores.notify.marks()) {
        if (!mark.dueDate) continue;
        const due = Date.parse(mark.dueDate);
        const phase = due <= now ? 'overdue' : due - now <= settings.dueSoonHours * 3_600_000 ? 'soon' : undefined;
        if (!phase || this.#swept.has(`${talepId}|${mark.dueDate}|${phase}`)) continue;
        this.#swept.add(`${talepId}|${mark.dueDate}|${phase}`);
        this.#coalescer.add({ talepId, kind: 'updated', via: 'poll', at: new Date(now) });
      }
    } catch (error) {
      services.logger.warn('notifications: the periodic sweep failed', error);
    }
  }
}
