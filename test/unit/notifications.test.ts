/** Help desk → Slack, the pure and small parts: feed arguments, change lines, coalescing, the poll budget, the store, views. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Coalescer } from '../../src/commands/notifications/coalescer.js';
import { parseFeedArgs, parseFeedNumber } from '../../src/commands/notifications/feed-args.js';
import { PollBudget } from '../../src/commands/notifications/poll-budget.js';
import { SlackPacer } from '../../src/commands/notifications/slack-queue.js';
import { checkInterval } from '../../src/commands/notifications/poller.js';
import type { TalepChange } from '../../src/events/talep-changes.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import { openStores } from '../../src/store/index.js';
import { changesBetween, changeText, type Snapshot } from '../../src/views/notifications/changes.js';
import { feedCard } from '../../src/views/notifications/feed-card.js';
import { workQueueBlocks, type QueueRow } from '../../src/views/notifications/home-queue.js';
import { digestDm, dueLine, mutedNotice, notificationDm, reconnectDm } from '../../src/views/notifications/dm.js';
import { describeFilter, feedsMessage } from '../../src/views/notifications/feeds.js';
import { messagesFor } from '../../src/i18n/messages.js';

describe('/talep feed arguments', () => {
  it('reads the channel, category, priority, assignee and events', () => {
    const parsed = parseFeedArgs('<#C0123ABC|support> category:"Office Supplies" category:hardware priority:high+ assignee:me events:new,comment');
    expect(parsed).toEqual({
      ok: true,
      value: {
        channelId: 'C0123ABC',
        filter: { categories: ['office supplies', 'hardware'], minPriority: 1, assignee: 'me', events: ['new', 'comment'] },
      },
    });
  });

  it('defaults to every event and this channel', () => {
    expect(parseFeedArgs('')).toEqual({ ok: true, value: { channelId: undefined, filter: { events: ['new', 'assigned', 'status', 'comment', 'closed'] } } });
  });

  it('says what is wrong in one sentence', () => {
    for (const text of ['events:new,everything', 'priority:urgent', 'colour:red', 'nonsense', '<#C1AA> <#C2BB>']) {
      const parsed = parseFeedArgs(text);
      expect(parsed.ok).toBe(false);
    }
    expect(parseFeedNumber('3')).toEqual({ ok: true, value: 3 });
    expect(parseFeedNumber('three').ok).toBe(false);
  });
});

describe('change lines', () => {
  const base: Snapshot = { lastUpdated: 'a', statusId: 1, status: 'New', assigneeId: null, assigneeName: null, priority: 0, dueDate: null, lastCommentId: 5 };

  it('says what changed: assignee, status, closing, priority, due date, new comments', () => {
    const after: Snapshot = { ...base, lastUpdated: 'b', assigneeId: 2, assigneeName: 'agent', statusId: 3, status: 'Closed', priority: 1, dueDate: '2026-12-01T00:00:00.000Z', lastCommentId: 7 };
    const lines = changesBetween(base, after, [
      { CommentID: 5, UserName: 'old', Body: 'seen before' },
      { CommentID: 7, UserName: 'agent', Body: '<p>Fixed &amp; done</p>' },
    ]);
    expect(lines.map((line) => line.kind)).toEqual(['assigned', 'closed', 'priority', 'due', 'comment']);
    expect(lines.map((line) => changeText(line)).join('\n')).toContain('Assigned to *agent*');
    expect(changesBetween(undefined, base, [])).toEqual([{ kind: 'new' }]);
    expect(changesBetween(base, { ...base, lastUpdated: 'c' }, [])).toEqual([]);
  });

  it('escapes what people wrote', () => {
    expect(changeText({ kind: 'comment', comment: { CommentID: 1, UserName: '<!channel>', Body: '<@U1> & <#C1>' } })).not.toMatch(/<[!@#]/);
  });
});

describe('Coalescer', () => {
  it('turns 10 changes in quick succession into one handling, and never runs one talep twice at once', async () => {
    const handled: number[][] = [];
    let running = 0;
    let overlap = false;
    const coalescer = new Coalescer({
      quietMs: 60,
      handle: async (talepId, changes) => {
        running += 1;
        if (running > 1) overlap = true;
        handled.push(changes.map(() => talepId));
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
      },
      onError: () => undefined,
    });
    const change = (talepId: number): TalepChange => ({ talepId, kind: 'updated', via: 'push', at: new Date() });
    for (let n = 0; n < 10; n += 1) {
      coalescer.add(change(7));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    coalescer.add(change(7)); // while it runs: waits for the running one
    await new Promise((resolve) => setTimeout(resolve, 250));
    await coalescer.stop();
    expect(handled.map((batch) => batch.length)).toEqual([10, 1]);
    expect(overlap).toBe(false);
  });

  it('waits at most maxWaitMs under a constant stream of changes', async () => {
    const at: number[] = [];
    const coalescer = new Coalescer({ quietMs: 50, maxWaitMs: 120, handle: async () => void at.push(Date.now()), onError: () => undefined });
    const start = Date.now();
    for (let n = 0; n < 12; n += 1) {
      coalescer.add({ talepId: 1, kind: 'updated', via: 'poll', at: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await coalescer.stop();
    expect(at[0]! - start).toBeLessThan(250);
  });
});

describe('SlackPacer', () => {
  it('posts about one per second per channel, other channels alongside, updates in order', async () => {
    const pacer = new SlackPacer({ postsPerSecond: 1 });
    const at: Record<string, number[]> = { C1: [], C2: [] };
    const start = Date.now();
    await Promise.all([
      ...[1, 2, 3].map(() => pacer.post('C1', async () => void at.C1!.push(Date.now() - start))),
      pacer.post('C2', async () => void at.C2!.push(Date.now() - start)),
    ]);
    expect(at.C1).toHaveLength(3);
    expect(at.C1![2]! - at.C1![0]!).toBeGreaterThanOrEqual(1_900);
    expect(at.C2![0]!).toBeLessThan(500);
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => pacer.update(async () => void order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    await pacer.drain();
  });
});

describe('PollBudget', () => {
  it('allows the configured share of each budget per minute, search calls counting as general ones too', () => {
    let now = 0;
    const budget = new PollBudget({ share: 0.25, now: () => now });
    expect(budget.allowed('general')).toBe(22);
    expect(budget.allowed('search')).toBe(15);
    let searches = 0;
    while (budget.take('search')) searches += 1;
    expect(searches).toBe(15);
    let reads = 0;
    while (budget.take('general')) reads += 1;
    expect(reads).toBe(7);
    now += 61_000;
    expect(budget.left('general')).toBe(22);
  });

  it('checks recently active taleps more often', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const mark = (minutesAgo: number) => ({ activeAt: new Date(now - minutesAgo * 60_000).toISOString(), checkedAt: new Date(now).toISOString() });
    expect(checkInterval(mark(1), now)).toBeLessThan(checkInterval(mark(30), now));
    expect(checkInterval(mark(30), now)).toBeLessThan(checkInterval(mark(600), now));
  });
});

describe('the notify store', () => {
  it('claims each key once, keeps feed cards per channel, pauses a creator’s feeds', async () => {
    const { notify } = await openStores(undefined, randomBytes(32));
    expect(await notify.claim('k1')).toBe(true);
    expect(await notify.claim('k1')).toBe(false);
    await notify.release('k1');
    expect(await notify.claim('k1')).toBe(true);

    const feed = await notify.addFeed({ teamId: 'T1', channelId: 'C1', createdBy: 'U1', filter: { events: ['new'] }, createdAt: new Date() });
    const other = await notify.addFeed({ teamId: 'T1', channelId: 'C2', createdBy: 'U2', filter: { events: ['new'] }, createdAt: new Date() });
    expect(other.id).toBe(feed.id + 1);
    const state: Snapshot = { status: 'New', assigneeId: null, assigneeName: null, priority: 0, dueDate: null, lastCommentId: 0 };
    await notify.saveCard({ teamId: 'T1', channelId: 'C1', talepId: 12, feedId: feed.id, ts: '1.1', state });
    await notify.saveCard({ teamId: 'T1', channelId: 'C2', talepId: 12, feedId: other.id, ts: '2.2', state });
    await notify.saveCard({ teamId: 'T1', channelId: 'C2', talepId: 112, feedId: other.id, ts: '3.3', state });
    expect((await notify.feedCardsOf(12)).map((card) => `${card.channelId}:${card.ts}`).sort()).toEqual(['C1:1.1', 'C2:2.2']);

    expect(await notify.setFeedsPaused('T1', 'U1', true)).toBe(1);
    expect(await notify.setFeedsPaused('T1', 'U1', true)).toBe(0);
    expect((await notify.feeds('T1')).map((each) => each.pausedAt !== undefined)).toEqual([true, false]);
    expect(await notify.claimReconnectNotice('T1', 'U1', new Date(1000))).toBe(true);
    expect(await notify.claimReconnectNotice('T1', 'U1', new Date(1000))).toBe(false);
    expect(await notify.claimReconnectNotice('T1', 'U1', new Date(2000))).toBe(true);
    expect((await notify.removeFeed('T1', feed.id))?.channelId).toBe('C1');
    expect(await notify.removeFeed('T1', feed.id)).toBeUndefined();
  });
});

describe('notification views', () => {
  const talep = {
    TalepID: 12,
    Subject: 'Printer <!here> on fire',
    Status: 'New',
    StatusID: 1,
    Priority: 1,
    CategoryName: 'Hardware',
    AssigneeUserInfo: null,
    SubmitterUserInfo: { UserID: 4, Username: 'user' },
    DueDate: new Date('2026-12-01T10:00:00Z'),
  };

  it('the feed card is within Block Kit limits, escapes the subject and has no work buttons', () => {
    const card = feedCard({ talep, talepUrlTemplate: 'https://hd.example.com/Ticket/{id}', feedId: 3 });
    expect(checkMessage(card)).toEqual([]);
    expect(JSON.stringify(card.blocks)).not.toContain('<!here>');
    expect(JSON.stringify(card.blocks)).not.toContain('talep_card_close');
  });

  it('the work queue pages many rows and stays far under 100 blocks', () => {
    const rows: QueueRow[] = Array.from({ length: 60 }, (_, n) => ({ TalepID: n + 1, Subject: `Talep ${n + 1}`, Status: 'New', Priority: 0, AssigneeID: null }));
    const blocks = workQueueBlocks({
      isAgent: true,
      helpdeskUserId: 2,
      sections: { assigned: rows.slice(0, 20), unassigned: rows.slice(20), mine: [] },
      page: 2,
      talepUrlTemplate: 'https://hd.example.com/Ticket/{id}',
      rowActions: { assignToMe: 'talep_card_assign_me', close: 'talep_card_close' },
      settings: { kinds: { assigned: true, comment: false, status: true, due: true }, digestOnly: false },
      now: new Date('2026-11-28T10:00:00Z'),
    });
    expect(blocks.length).toBeLessThan(60);
    expect(checkView({ type: 'home', blocks })).toEqual([]);
    const text = JSON.stringify(blocks);
    expect(text).toContain('Page 3 of 6');
    expect(text).toContain('#21');
    expect(text).not.toContain('|#1>');
  });

  describe('in Turkish', () => {
    const tr = messagesFor('tr');
    const now = new Date('2026-11-28T10:00:00Z');

    it('change lines use the help desk’s Turkish words', () => {
      expect(changeText({ kind: 'status', status: 'In Progress' }, tr)).toBe(':arrows_counterclockwise: Durum: *Devam Ediyor*');
      expect(changeText({ kind: 'closed' }, tr)).toBe(':white_check_mark: Kapatıldı');
      expect(changeText({ kind: 'priority', priority: 1 }, tr)).toContain('Öncelik: *');
      expect(changeText({ kind: 'assigned', to: null }, tr)).toContain('Temsilci ataması kaldırıldı');
      expect(changeText({ kind: 'comment', comment: { CommentID: 1, UserName: 'agent', Body: '' } }, tr)).toContain('_(boş)_');
    });

    it('DMs, the digest and the reconnect DM are Turkish and within limits', () => {
      const due = dueLine({ TalepID: 4, Subject: 'Yazıcı' }, 'https://hd.example.com/Ticket/{id}', new Date('2026-11-28T13:00:00Z'), false, now, tr);
      expect(due).toContain('Son tarih:');
      expect(due).toContain('(yaklaşık 3 saat sonra)');
      const dm = notificationDm(4, due, tr, 3 * 3600);
      expect(checkMessage(dm)).toEqual([]);
      // The push text: the date in the person's zone, in Turkish.
      expect(dm.text).toContain('#4 Yazıcı\n:alarm_clock: Son tarih: 28 Kas 2026 16:00 (yaklaşık 3 saat sonra)');
      // Held for a later digest: no "in 3 hours" that would be stale by then.
      const held = dueLine({ TalepID: 4, Subject: 'Yazıcı' }, 'https://hd.example.com/Ticket/{id}', new Date('2026-11-28T13:00:00Z'), true, undefined, tr);
      expect(held).toMatch(/Son tarihi geçti: <!date\^\d+\^[^>]+>$/);
      expect(JSON.stringify(dm.blocks)).toContain('Bu talebi sessize al');
      expect(digestDm(['a', 'b'], tr).text).toBe('Siz yokken: 2 help-desk güncellemesi');
      expect(JSON.stringify(mutedNotice(4, tr))).toContain('Sesi aç');
      expect(JSON.stringify(reconnectDm(2, tr))).toContain('2 kanal akışı duraklatıldı');
      expect(JSON.stringify(reconnectDm(0, tr))).not.toContain('akışı');
    });

    it('the feed card, the feeds list and the work queue are Turkish', () => {
      const card = feedCard({ talep, talepUrlTemplate: 'https://hd.example.com/Ticket/{id}', feedId: 3, lastChange: { kind: 'new' } }, tr);
      expect(checkMessage(card)).toEqual([]);
      expect(JSON.stringify(card.blocks)).toContain('*Durum*');
      expect(JSON.stringify(card.blocks)).toContain('Akış 3 · :new: Yeni talep');
      expect(describeFilter({ categories: ['donanım'], events: ['new'] }, tr)).toBe('kategori donanım · olaylar new');
      expect(feedsMessage([], undefined, tr).text).toBe('Henüz akış yok.');
      const rows: QueueRow[] = [{ TalepID: 9, Subject: 'Monitör', Status: 'New', Priority: 0, AssigneeID: null, DueDate: new Date('2026-11-28T08:00:00Z') }];
      const blocks = workQueueBlocks({
        isAgent: true,
        helpdeskUserId: 2,
        sections: { overdue: rows, unassigned: rows, mine: [] },
        page: 0,
        talepUrlTemplate: 'https://hd.example.com/Ticket/{id}',
        rowActions: { assignToMe: 'talep_card_assign_me', close: 'talep_card_close' },
        settings: { kinds: { assigned: true, comment: false, status: true, due: true }, digestOnly: false },
        now,
      }, tr);
      expect(checkView({ type: 'home', blocks })).toEqual([]);
      const text = JSON.stringify(blocks);
      for (const words of ['İş kuyruğu', 'Son tarihi geçmiş', 'Kategorilerimde atanmamış', 'Bana ata', 'Talep kapatılsın mı?', 'yaklaşık 2 saat önce', 'Bildirimler', 'Sessiz saat yok', 'Yeni']) {
        expect(text).toContain(words);
      }
    });
  });
});
