/**
 * The store contract: the same expectations for the embedded store (lowdb) and PostgreSQL. Concurrency
 * cases go through the store's own interface with many calls at once (on PostgreSQL they are separate
 * connections of the pool, as separate instances would be).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { StoredLinkUnreadableError } from '../../src/store/account-store.js';
import { MAX_LOG_ENTRIES } from '../../src/store/rule-registry.js';
import { dropTestSchemas } from '../support/postgres.js';
import { idempotencyOn, rulesOn, type StoreHandle, storeBackends, storesOn } from '../support/store-backends.js';

const identity = { helpdeskUserId: 7, username: 'ayse', email: 'ayse@example.com', role: 'agent' as const };
const meta = { kind: 'new-talep', actor: 'T1:U1' };
const HOUR = 60 * 60_000;

/** Everything the handle holds, as text (to show what is stored, e.g. no token in plaintext). */
async function storedText(handle: StoreHandle): Promise<string> {
  if (handle.kind === 'embedded') return JSON.stringify(handle.db.data);
  const rows = await handle.pool.query('SELECT * FROM accounts');
  return JSON.stringify(rows.rows);
}

describe.each(storeBackends)('store contract: $name', (backend) => {
  afterEach(dropTestSchemas);
  const suite = describe.skipIf(backend.unavailable !== undefined);

  suite('accounts', () => {
    it('links with the token sealed, reads it back, marks rejections of that link only, changes the role, unlinks', async () => {
      const handle = await backend.open();
      const { accounts } = await storesOn(handle, randomBytes(32));
      await accounts.link('T1', 'U1', 'tok-ABCDEF-123', identity);
      expect(await storedText(handle)).not.toContain('tok-ABCDEF-123');
      const account = await accounts.get('T1', 'U1');
      expect(account).toMatchObject({ credential: { kind: 'bearer', token: 'tok-ABCDEF-123' }, role: 'agent', rejected: false, username: 'ayse' });
      expect(await accounts.get('T1', 'U2')).toBeUndefined();
      expect(await accounts.get('T2', 'U1')).toBeUndefined();

      await accounts.markRejected('T1', 'U1', new Date((account?.linkedAt.getTime() ?? 0) - 1_000));
      expect((await accounts.get('T1', 'U1'))?.rejected).toBe(false);
      await accounts.markRejected('T1', 'U1', account?.linkedAt as Date);
      expect((await accounts.get('T1', 'U1'))?.rejected).toBe(true);

      await accounts.updateRole('T1', 'U1', 'admin');
      expect((await accounts.get('T1', 'U1'))?.role).toBe('admin');
      expect(await accounts.unlink('T1', 'U1')).toBe(true);
      expect(await accounts.lookup('T1', 'U1')).toEqual({ state: 'unlinked' });
      expect(await accounts.unlink('T1', 'U1')).toBe(false);
    });

    it('reports a link the keys cannot open as unreadable, refuses to seal over it, and opens it again with the right key', async () => {
      const handle = await backend.open();
      const right = randomBytes(32);
      await (await storesOn(handle, right)).accounts.link('T1', 'U1', 'tok', identity);
      const wrong = await storesOn(handle, randomBytes(32));
      expect(await wrong.accounts.lookup('T1', 'U1')).toMatchObject({ state: 'unreadable', identity: { username: 'ayse' } });
      expect(await wrong.accounts.get('T1', 'U1')).toBeUndefined();
      await expect(wrong.accounts.link('T1', 'U1', 'other', identity)).rejects.toBeInstanceOf(StoredLinkUnreadableError);
      expect((await (await storesOn(handle, right)).accounts.get('T1', 'U1'))?.credential).toEqual({ kind: 'bearer', token: 'tok' });
    });

    it('many links of one person at once leave one readable link', async () => {
      const handle = await backend.open();
      const { accounts } = await storesOn(handle, randomBytes(32));
      await Promise.all(Array.from({ length: 12 }, (_, n) => accounts.link('T1', 'U1', `tok-${n}`, identity)));
      const account = await accounts.get('T1', 'U1');
      expect(account?.credential.kind).toBe('bearer');
      expect(account && 'token' in account.credential ? account.credential.token : '').toMatch(/^tok-\d+$/);
    });
  });

  suite('directory', () => {
    it('keeps an entry for a day, then asks again; forgets on request', async () => {
      const { directory } = await storesOn(await backend.open(), randomBytes(32));
      await directory.set('T1', 'U9', { helpdeskUserId: 3, username: 'x', email: 'x@example.com' });
      expect(await directory.get('T1', 'U9')).toMatchObject({ helpdeskUserId: 3, username: 'x', email: 'x@example.com' });
      expect(await directory.get('T1', 'U9', Date.now() + 25 * HOUR)).toBeUndefined();
      await directory.set('T1', 'U9', { helpdeskUserId: 4, username: 'y', email: 'y@example.com' });
      expect((await directory.get('T1', 'U9'))?.helpdeskUserId).toBe(4);
      await directory.forget('T1', 'U9');
      expect(await directory.get('T1', 'U9')).toBeUndefined();
    });
  });

  suite('message → talep links', () => {
    it('remembers which message opened which talep, per team and channel, and forgets', async () => {
      const { messageTaleps } = await storesOn(await backend.open(), randomBytes(32));
      await messageTaleps.set('T1', 'C1', '1.2', 42, 'U1');
      expect(await messageTaleps.get('T1', 'C1', '1.2')).toMatchObject({ talepId: 42, createdBy: 'U1' });
      expect(await messageTaleps.get('T1', 'C2', '1.2')).toBeUndefined();
      await messageTaleps.set('T1', 'C2', '9.9', 42, 'U2');
      await messageTaleps.set('T1', 'C3', '1.1', 43, 'U2');
      expect(await messageTaleps.forgetTalep(42)).toBe(2);
      expect(await messageTaleps.get('T1', 'C1', '1.2')).toBeUndefined();
      expect((await messageTaleps.get('T1', 'C3', '1.1'))?.talepId).toBe(43);
      await messageTaleps.forget('T1', 'C3', '1.1');
      expect(await messageTaleps.get('T1', 'C3', '1.1')).toBeUndefined();
    });

    it('reserves a message for one piece of work: others see it opening, then the talep; a holder releases; a replacement takes over', async () => {
      const { messageTaleps } = await storesOn(await backend.open(), randomBytes(32));
      expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-a', createdBy: 'U1' })).toEqual({ state: 'reserved' });
      expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-a', createdBy: 'U1' })).toEqual({ state: 'reserved' });
      expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-b', createdBy: 'U2' })).toMatchObject({ state: 'opening', jobKey: 'job-a', createdBy: 'U1' });
      await messageTaleps.release('T1', 'C1', '1.1', 'job-b');
      expect((await messageTaleps.get('T1', 'C1', '1.1'))?.jobKey).toBe('job-a');
      expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-b', createdBy: 'U2' }, { replacing: 'job-a' })).toEqual({ state: 'reserved' });
      await messageTaleps.set('T1', 'C1', '1.1', 12, 'U2');
      expect(await messageTaleps.get('T1', 'C1', '1.1')).toMatchObject({ talepId: 12, jobKey: 'job-b' });
      expect(await messageTaleps.reserve('T1', 'C1', '1.1', { jobKey: 'job-c', createdBy: 'U3' })).toEqual({ state: 'opened', talepId: 12, createdBy: 'U2' });
      // A talep's link is not a reservation to release.
      await messageTaleps.release('T1', 'C1', '1.1', 'job-b');
      expect((await messageTaleps.get('T1', 'C1', '1.1'))?.talepId).toBe(12);

      await messageTaleps.reserve('T1', 'C1', '2.2', { jobKey: 'job-d', createdBy: 'U1' });
      await messageTaleps.release('T1', 'C1', '2.2', 'job-d');
      expect(await messageTaleps.get('T1', 'C1', '2.2')).toBeUndefined();
    });

    it('of many concurrent reservations of one message by different work exactly one wins', async () => {
      const { messageTaleps } = await storesOn(await backend.open(), randomBytes(32));
      const outcomes = await Promise.all(
        Array.from({ length: 16 }, (_, n) => messageTaleps.reserve('T1', 'C1', '5.5', { jobKey: `job-${n}`, createdBy: `U${n}` })),
      );
      expect(outcomes.filter((outcome) => outcome.state === 'reserved')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.state === 'opening')).toHaveLength(15);
    });
  });

  suite('rule registry', () => {
    const clocked = async () => {
      let now = Date.parse('2026-01-05T09:00:00Z');
      // Each change one minute after the previous one, so the order of the log is visible in `at`.
      return rulesOn(await backend.open(), () => new Date((now += 60_000)));
    };

    it('adds rule ids once per workspace, in order, and logs who added and removed them and when', async () => {
      const rules = await clocked();
      expect(await rules.add('T1', 7, 'UADMIN')).toBe(true);
      expect(await rules.add('T1', 3, 'UADMIN')).toBe(true);
      expect(await rules.add('T1', 7, 'UOTHER')).toBe(false);
      expect(await rules.ruleIds('T1')).toEqual([7, 3]);
      expect(await rules.ruleIds('T2')).toEqual([]);
      expect(await rules.has('T1', 3)).toBe(true);
      expect(await rules.has('T2', 3)).toBe(false);
      expect(await rules.recentChanges('T1')).toEqual([
        { ruleId: 3, change: 'added', by: 'UADMIN', at: '2026-01-05T09:02:00.000Z' },
        { ruleId: 7, change: 'added', by: 'UADMIN', at: '2026-01-05T09:01:00.000Z' },
      ]);
      expect(await rules.remove('T1', 7, 'UAGENT')).toBe(true);
      expect(await rules.remove('T1', 99, 'UAGENT')).toBe(false);
      expect(await rules.ruleIds('T1')).toEqual([3]);
      expect(await rules.recentChanges('T1', 1)).toEqual([{ ruleId: 7, change: 'removed', by: 'UAGENT', at: '2026-01-05T09:04:00.000Z' }]);
      await rules.add('T1', 7, 'UADMIN');
      expect(await rules.ruleIds('T1')).toEqual([3, 7]);
    });

    it('records enables and disables, remembers the last per rule, and keeps only the newest log entries', async () => {
      const rules = await clocked();
      await rules.add('T1', 1, 'UADMIN');
      expect(await rules.lastToggle('T1', 1)).toBeUndefined();
      await rules.recordToggle('T1', 1, 'disabled', 'UADMIN');
      await rules.recordToggle('T1', 1, 'enabled', 'UAGENT');
      await rules.add('T1', 2, 'UADMIN');
      expect(await rules.lastToggle('T1', 1)).toMatchObject({ change: 'enabled', by: 'UAGENT' });
      expect(await rules.lastToggle('T1', 2)).toBeUndefined();
      expect((await rules.recentChanges('T1', 3)).map((entry) => `${entry.ruleId}:${entry.change}`)).toEqual(['2:added', '1:enabled', '1:disabled']);
      for (let index = 0; index < MAX_LOG_ENTRIES + 5; index += 1) await rules.recordToggle('T1', 1, index % 2 === 0 ? 'disabled' : 'enabled', 'UADMIN');
      const log = await rules.recentChanges('T1', MAX_LOG_ENTRIES + 50);
      expect(log).toHaveLength(MAX_LOG_ENTRIES);
      expect(log.some((entry) => entry.change === 'added')).toBe(false);
      expect(await rules.recentChanges('T1', 0)).toEqual([]);
    });

    it('concurrent adds of one rule register it once', async () => {
      const rules = await clocked();
      const added = await Promise.all(Array.from({ length: 10 }, () => rules.add('T1', 5, 'UADMIN')));
      expect(added.filter(Boolean)).toHaveLength(1);
      expect(await rules.ruleIds('T1')).toEqual([5]);
      expect(await rules.recentChanges('T1', 50)).toHaveLength(1);
    });
  });

  suite('reminders', () => {
    it('lists a person’s upcoming reminders soonest first, drops the past ones, and removes one', async () => {
      const { reminders } = await storesOn(await backend.open(), randomBytes(32));
      const at = (iso: string) => new Date(iso);
      const base = { channelId: 'DU1', subject: 'Printer', createdAt: at('2026-11-23T10:00:00Z') };
      await reminders.add('T1', 'U1', { ...base, scheduledMessageId: 'Q2', talepId: 2, postAt: at('2026-11-25T06:00:00Z') });
      await reminders.add('T1', 'U1', { ...base, scheduledMessageId: 'Q1', talepId: 1, postAt: at('2026-11-24T06:00:00Z') });
      await reminders.add('T1', 'U1', { ...base, scheduledMessageId: 'Q0', talepId: 9, postAt: at('2026-11-23T09:00:00Z') });
      await reminders.add('T1', 'U2', { ...base, scheduledMessageId: 'Q9', talepId: 3, postAt: at('2026-11-26T06:00:00Z') });

      const now = at('2026-11-23T12:00:00Z');
      const upcoming = await reminders.upcoming('T1', 'U1', now);
      expect(upcoming.map((r) => r.scheduledMessageId)).toEqual(['Q1', 'Q2']);
      expect(upcoming[0]).toEqual({ ...base, scheduledMessageId: 'Q1', talepId: 1, postAt: at('2026-11-24T06:00:00Z') });
      expect(await reminders.remove('T1', 'U1', 'Q9')).toBeUndefined(); // someone else's
      expect(await reminders.remove('T1', 'U1', 'Q0')).toBeUndefined(); // passed, dropped when listed
      expect((await reminders.remove('T1', 'U1', 'Q1'))?.talepId).toBe(1);
      expect((await reminders.upcoming('T1', 'U1', now)).map((r) => r.scheduledMessageId)).toEqual(['Q2']);
      expect((await reminders.upcoming('T1', 'U2', now)).map((r) => r.scheduledMessageId)).toEqual(['Q9']);
    });
  });

  suite('channel settings', () => {
    it('has nothing until set, then the last setting with who and when', async () => {
      const { channelSettings } = await storesOn(await backend.open(), randomBytes(32));
      expect(await channelSettings.get('T1', 'C1')).toBeUndefined();
      await channelSettings.setUnfurl('T1', 'C1', 'summary', 'T1:U1', new Date('2026-11-23T10:00:00Z'));
      await channelSettings.setUnfurl('T1', 'C1', 'off', 'T1:U2', new Date('2026-11-23T11:00:00Z'));
      expect(await channelSettings.get('T1', 'C1')).toEqual({ unfurl: 'off', changedBy: 'T1:U2', changedAt: new Date('2026-11-23T11:00:00Z') });
      expect(await channelSettings.get('T1', 'C2')).toBeUndefined();
    });
  });

  suite('channel requests settings', () => {
    it('keeps requests settings beside the unfurl mode, each change leaving the other, and lists the channels that have them', async () => {
      const { channelSettings } = await storesOn(await backend.open(), randomBytes(32));
      await channelSettings.setRequests('T1', 'C1', { mode: 'request', categoryId: 3, emoji: 'ticket', sync: true }, 'T1:U1', new Date('2026-11-23T10:00:00Z'));
      expect(await channelSettings.get('T1', 'C1')).toMatchObject({ unfurl: 'summary', requests: { mode: 'request', categoryId: 3, emoji: 'ticket', sync: true } });
      await channelSettings.setUnfurl('T1', 'C1', 'off', 'T1:U2', new Date('2026-11-23T11:00:00Z'));
      await channelSettings.setUnfurl('T1', 'C2', 'off', 'T1:U2');
      await channelSettings.setRequests('T2', 'C9', { mode: 'triage', emoji: 'sos', sync: false }, 'T2:U1');
      expect(await channelSettings.get('T1', 'C1')).toEqual({
        unfurl: 'off',
        requests: { mode: 'request', categoryId: 3, emoji: 'ticket', sync: true },
        changedBy: 'T1:U2',
        changedAt: new Date('2026-11-23T11:00:00Z'),
      });
      const listed = await channelSettings.withRequests();
      expect(listed.sort((a, b) => a.teamId.localeCompare(b.teamId))).toEqual([
        { teamId: 'T1', channelId: 'C1', requests: { mode: 'request', categoryId: 3, emoji: 'ticket', sync: true } },
        { teamId: 'T2', channelId: 'C9', requests: { mode: 'triage', emoji: 'sos', sync: false } },
      ]);
    });
  });

  suite('seen events', () => {
    it('offers an event id once, also when offered many times at once', async () => {
      const { seenEvents } = await storesOn(await backend.open(), randomBytes(32));
      expect(await seenEvents.has('Ev1')).toBe(false);
      const offers = await Promise.all(Array.from({ length: 10 }, () => seenEvents.firstTime('Ev1')));
      expect(offers.filter(Boolean)).toHaveLength(1);
      expect(await seenEvents.has('Ev1')).toBe(true);
      expect(await seenEvents.firstTime('Ev2')).toBe(true);
    });
  });

  suite('thread links', () => {
    it('links a thread once, remembers known comments and files per talep, replies, held replies and last categories', async () => {
      const { threadLinks, messageTaleps } = await storesOn(await backend.open(), randomBytes(32));
      const at = new Date('2026-11-23T10:00:00Z');
      const first = await threadLinks.link('T1', 'C1', '1.1', 7, 'U1', at);
      expect(first).toEqual({ teamId: 'T1', channelId: 'C1', threadTs: '1.1', talepId: 7, linkedBy: 'U1', at, knownComments: [], closed: false, knownFiles: undefined });
      expect(await threadLinks.link('T1', 'C1', '1.1', 8, 'U2')).toMatchObject({ talepId: 7, linkedBy: 'U1' });
      await threadLinks.link('T1', 'C2', '2.2', 7, 'U2', at);
      await threadLinks.link('T1', 'C3', '3.3', 9, 'U2', at);
      await threadLinks.knowComments('T1', 'C1', '1.1', [1, 2]);
      await threadLinks.knowComments('T1', 'C1', '1.1', [2, 3]);
      await threadLinks.knowBotComment(7, 4);
      await threadLinks.knowFiles(7, [10]);
      await threadLinks.setClosed('T1', 'C2', '2.2', true);
      expect(await threadLinks.get('T1', 'C1', '1.1')).toMatchObject({ knownComments: [1, 2, 3, 4], knownFiles: [10], closed: false });
      expect(await threadLinks.get('T1', 'C2', '2.2')).toMatchObject({ knownComments: [4], knownFiles: [10], closed: true });
      expect(await threadLinks.get('T1', 'C3', '3.3')).toMatchObject({ knownComments: [], knownFiles: undefined });
      expect((await threadLinks.byTalep(7)).map((link) => link.channelId).sort()).toEqual(['C1', 'C2']);
      expect(await threadLinks.all()).toHaveLength(3);
      expect(await threadLinks.get('T1', 'C9', '1.1')).toBeUndefined();

      await threadLinks.rememberReply('T1', 'C1', '1.5', { talepId: 7, commentId: 3, by: 'U2', at });
      expect(await threadLinks.reply('T1', 'C1', '1.5')).toEqual({ talepId: 7, commentId: 3, by: 'U2', at });
      expect(await threadLinks.reply('T1', 'C1', '1.6')).toBeUndefined();
      const held = { teamId: 'T1', userId: 'U5', channelId: 'C1', threadTs: '1.1', ts: '1.7', talepId: 7, text: 'hello', files: [{ id: 'F1' }], at };
      const id = await threadLinks.hold(held);
      expect(await threadLinks.held(id)).toEqual(held);
      await threadLinks.dropHeld(id);
      expect(await threadLinks.held(id)).toBeUndefined();
      expect(await threadLinks.lastCategory('T1', 'U1')).toBeUndefined();
      await threadLinks.setLastCategory('T1', 'U1', 4);
      await threadLinks.setLastCategory('T1', 'U1', 5);
      expect(await threadLinks.lastCategory('T1', 'U1')).toBe(5);

      await messageTaleps.set('T1', 'C7', '7.7', 7, 'U1');
      await messageTaleps.set('T1', 'C8', '8.8', 8, 'U1');
      expect(await messageTaleps.messagesOf(7)).toEqual([{ teamId: 'T1', channelId: 'C7', ts: '7.7', createdBy: 'U1' }]);
    });
  });

  suite('notifications memory', () => {
    const state = { status: 'Open', assigneeId: null, assigneeName: null, priority: 2, dueDate: null, lastCommentId: 0 };

    it('keeps feeds, cards, personal states, settings, digests, marks and posted keys', async () => {
      const { notify } = await storesOn(await backend.open(), randomBytes(32));
      const created = new Date('2026-11-23T10:00:00Z');
      const feed = await notify.addFeed({ teamId: 'T1', channelId: 'C1', createdBy: 'U1', filter: { events: ['new'] }, createdAt: created });
      const other = await notify.addFeed({ teamId: 'T2', channelId: 'C2', createdBy: 'U1', filter: { events: ['new'], minPriority: 1 }, createdAt: created });
      expect(feed).toMatchObject({ teamId: 'T1', channelId: 'C1', createdBy: 'U1', filter: { events: ['new'] }, createdAt: created });
      expect(other.id).not.toBe(feed.id);
      expect((await notify.feeds('T1')).map((each) => each.id)).toEqual([feed.id]);
      expect(await notify.feeds()).toHaveLength(2);
      expect(await notify.setFeedsPaused('T1', 'U1', true, created)).toBe(1);
      expect(await notify.setFeedsPaused('T1', 'U1', true, created)).toBe(0);
      expect((await notify.feeds('T1'))[0]?.pausedAt).toEqual(created);
      expect(await notify.setFeedsPaused('T1', 'U1', false)).toBe(1);
      expect(await notify.removeFeed('T1', other.id)).toBeUndefined();
      expect((await notify.removeFeed('T2', other.id))?.id).toBe(other.id);

      await notify.saveCard({ teamId: 'T1', channelId: 'C1', talepId: 5, feedId: feed.id, ts: '1.1', state });
      await notify.saveCard({ teamId: 'T1', channelId: 'C1', talepId: 5, feedId: feed.id, ts: '1.2', state: { ...state, status: 'Closed' } });
      expect(await notify.card('T1', 'C1', 5)).toEqual({ teamId: 'T1', channelId: 'C1', talepId: 5, feedId: feed.id, ts: '1.2', state: { ...state, status: 'Closed' } });
      expect(await notify.card('T1', 'C1', 6)).toBeUndefined();
      expect((await notify.feedCardsOf(5)).map((card) => card.ts)).toEqual(['1.2']);

      expect(await notify.personal('T1', 'U1', 5)).toBeUndefined();
      await notify.savePersonal('T1', 'U1', 5, { state, dueSoonFor: '2026-11-24' });
      expect(await notify.personal('T1', 'U1', 5)).toEqual({ state, dueSoonFor: '2026-11-24' });

      expect((await notify.prefs('T1', 'U1')).digestOnly).toBe(false);
      const prefs = { kinds: { assigned: true, comment: false, status: true, due: true }, quietHours: { from: 20, to: 8 }, digestOnly: true, muted: [5], tzOffset: 10_800 };
      await notify.savePrefs('T1', 'U1', prefs);
      expect(await notify.prefs('T1', 'U1')).toEqual(prefs);

      await notify.holdForDigest('T1', 'U1', 'first');
      await notify.holdForDigest('T1', 'U1', 'second');
      await notify.holdForDigest('T1', 'U2', 'other');
      expect((await notify.digestOwners()).map((owner) => owner.userId).sort()).toEqual(['U1', 'U2']);
      expect(await notify.takeDigest('T1', 'U1')).toEqual(['first', 'second']);
      expect(await notify.takeDigest('T1', 'U1')).toEqual([]);

      const mark = { lastUpdated: '2026-11-23T10:00:00Z', activeAt: '2026-11-23T10:00:00Z', checkedAt: '2026-11-23T10:01:00Z', dueDate: null };
      await notify.setMark(5, mark);
      expect(await notify.mark(5)).toEqual(mark);
      expect([...(await notify.marks()).keys()]).toEqual([5]);
      await notify.setNewest('T1:U1', created);
      expect(await notify.newest('T1:U1')).toEqual(created);
      expect(await notify.newest('T1:U9')).toBeUndefined();

      expect(await notify.claimReconnectNotice('T1', 'U1', created)).toBe(true);
      expect(await notify.claimReconnectNotice('T1', 'U1', created)).toBe(false);
      expect(await notify.claimReconnectNotice('T1', 'U1', new Date('2026-11-23T11:00:00Z'))).toBe(true);
    });

    it('claims a posted key once, also when claimed many times at once; a released key can be claimed again', async () => {
      const { notify } = await storesOn(await backend.open(), randomBytes(32));
      const claims = await Promise.all(Array.from({ length: 10 }, () => notify.claim('C1:5:comment:9')));
      expect(claims.filter(Boolean)).toHaveLength(1);
      await notify.release('C1:5:comment:9');
      expect(await notify.claim('C1:5:comment:9')).toBe(true);
    });
  });

  suite('lock-out guard memory', () => {
    it('loads nothing before the first save, then the last snapshot saved', async () => {
      const { guardMemory } = await storesOn(await backend.open(), randomBytes(32));
      expect(await guardMemory.load()).toBeUndefined();
      const snapshot = { version: 1, failures: [{ at: 1 }] } as never;
      await guardMemory.save(snapshot);
      await guardMemory.save({ version: 1, failures: [{ at: 2 }] } as never);
      expect(await guardMemory.load()).toEqual({ version: 1, failures: [{ at: 2 }] });
    });
  });

  suite('idempotency keys', () => {
    it('reserves once; a repeat sees it in flight, then the first result once completed; release frees only an in-flight key', async () => {
      const store = idempotencyOn(await backend.open());
      expect(await store.reserve('k', meta)).toBe('reserved');
      expect(await store.reserve('k', { kind: 'new-talep', actor: 'T1:U2' })).toMatchObject({ state: 'in-flight', meta });
      await store.complete('k', { talepId: 12 });
      expect(await store.reserve('k', meta)).toMatchObject({ state: 'done', result: { talepId: 12 } });
      await store.release('k');
      expect(await store.reserve('k', meta)).toMatchObject({ state: 'done', result: { talepId: 12 } });
      await store.reserve('a', meta);
      await store.release('a');
      expect(await store.reserve('a', meta)).toBe('reserved');
      await store.complete('s', 'plain text');
      expect(await store.reserve('s', meta)).toMatchObject({ state: 'done', result: 'plain text' });
    });

    it('of 50 concurrent reservations of one key exactly one wins', async () => {
      const store = idempotencyOn(await backend.open());
      const same = await Promise.all(Array.from({ length: 50 }, () => store.reserve('same', meta)));
      expect(same.filter((outcome) => outcome === 'reserved')).toHaveLength(1);
      expect(same.filter((outcome) => outcome !== 'reserved').every((outcome) => typeof outcome === 'object' && outcome.state === 'in-flight')).toBe(true);
    });

    it('keeps a result 24 hours, then prunes it (and the key is free again); takes over a reservation left past its lease', async () => {
      let now = Date.parse('2026-03-01T10:00:00Z');
      const store = idempotencyOn(await backend.open(), { now: () => new Date(now), leaseMs: 15 * 60_000 });
      await store.reserve('k', meta);
      await store.complete('k', 1);
      await store.reserve('lease', meta);
      now += 14 * 60_000;
      expect(await store.reserve('lease', meta)).toMatchObject({ state: 'in-flight' });
      now += 2 * 60_000;
      expect(await store.reserve('lease', meta)).toBe('reserved');
      now += 24 * HOUR - 16 * 60_000 - 1;
      expect(await store.reserve('k', meta)).toMatchObject({ state: 'done', result: 1 });
      now += 2;
      expect(await store.prune()).toBe(1);
      expect(await store.reserve('k', meta)).toBe('reserved');
    });
  });
});
