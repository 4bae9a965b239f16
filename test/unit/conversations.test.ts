/**
 * The conversations area's pure parts and stores: what a message or reaction event means (the quick
 * filter), which help-desk comments a thread gets, the persisted event dedupe (across a restart, kept
 * ≥ 1 h, bounded), the thread links and the channel settings.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/schemas.js';
import { ConversationIndex } from '../../src/commands/conversations/conversation-index.js';
import { meaningOf, talepReaction } from '../../src/commands/conversations/message-event.js';
import { commentsToPost } from '../../src/commands/conversations/sync.js';
import { emojiName } from '../../src/domain/channel-mode.js';
import type { Services } from '../../src/slack/services.js';
import { openDatabase } from '../../src/store/database.js';
import { openStores, type Stores } from '../../src/store/index.js';
import { LowdbSeenEventStore } from '../../src/store/seen-event-store.js';
import type { ThreadLink } from '../../src/store/thread-link-store.js';

async function indexWith(stores: Stores): Promise<ConversationIndex> {
  const index = new ConversationIndex({ stores } as unknown as Services);
  await index.ready();
  return index;
}

describe('what a message event means', () => {
  it('keeps only replies in linked threads, top-level messages of request and triage channels, and edits/deletions of linked replies', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    await stores.threadLinks.link('T1', 'CLINK', '100.1', 7, 'U1');
    await stores.channelSettings.setRequests('T1', 'CREQ', { mode: 'request', emoji: 'ticket', sync: true }, 'T1:U1');
    await stores.channelSettings.setRequests('T1', 'CTRI', { mode: 'triage', emoji: 'sos', sync: true }, 'T1:U1');
    await stores.channelSettings.setRequests('T1', 'CQUIET', { mode: 'off', emoji: 'ticket', sync: false }, 'T1:U1');
    await stores.threadLinks.link('T1', 'CQUIET', '300.1', 9, 'U1');
    const index = await indexWith(stores);
    const message = (channel: string, extra: Record<string, unknown> = {}) => ({ type: 'message', channel, user: 'U2', text: 'hi', ts: '200.5', ...extra });

    expect(await meaningOf(message('CLINK', { thread_ts: '100.1' }), 'T1', index)).toMatchObject({ kind: 'reply', threadTs: '100.1', message: { userId: 'U2', text: 'hi' } });
    expect((await meaningOf(message('CLINK', { thread_ts: '100.2' }), 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf(message('CLINK'), 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf(message('CLINK', { thread_ts: '100.1', bot_id: 'B1' }), 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf(message('CLINK', { thread_ts: '100.1', subtype: 'channel_join' }), 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf(message('CLINK', { thread_ts: '100.1', subtype: 'file_share' }), 'T1', index)).kind).toBe('reply');
    // Sync off in that channel: its linked threads are left alone.
    expect((await meaningOf(message('CQUIET', { thread_ts: '300.1' }), 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf(message('CREQ'), 'T1', index)).kind).toBe('request');
    expect((await meaningOf(message('CREQ', { thread_ts: '200.5' }), 'T1', index)).kind).toBe('request');
    expect((await meaningOf(message('CREQ', { thread_ts: '150.1' }), 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf(message('CTRI'), 'T1', index)).kind).toBe('triage');
    expect((await meaningOf(message('CTRI'), 'T2', index)).kind).toBe('ignore');
    expect((await meaningOf({ type: 'message' }, 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf('junk', 'T1', index)).kind).toBe('ignore');

    const edited = (text: string, previous: string, threadTs = '100.1') => ({
      type: 'message',
      subtype: 'message_changed',
      channel: 'CLINK',
      message: { user: 'U2', text, ts: '200.5', thread_ts: threadTs },
      previous_message: { user: 'U2', text: previous, ts: '200.5', thread_ts: threadTs },
    });
    expect(await meaningOf(edited('new', 'old'), 'T1', index)).toMatchObject({ kind: 'edited', threadTs: '100.1', message: { text: 'new' } });
    expect((await meaningOf(edited('same', 'same'), 'T1', index)).kind).toBe('ignore');
    expect((await meaningOf(edited('new', 'old', '100.9'), 'T1', index)).kind).toBe('ignore');
    const deleted = { type: 'message', subtype: 'message_deleted', channel: 'CLINK', deleted_ts: '200.5', previous_message: { user: 'U2', text: 'x', ts: '200.5', thread_ts: '100.1' } };
    expect(await meaningOf(deleted, 'T1', index)).toEqual({ kind: 'deleted', channelId: 'CLINK', ts: '200.5', threadTs: '100.1' });
  });

  it('a thread opened with the shortcut (message → talep link) counts as linked', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    await stores.messageTaleps.set('T1', 'C1', '500.1', 12, 'U1');
    const index = await indexWith(stores);
    expect((await meaningOf({ type: 'message', channel: 'C1', user: 'U2', text: 'x', ts: '501.1', thread_ts: '500.1' }, 'T1', index)).kind).toBe('reply');
  });

  it('a reaction opens a talep with the channel’s emoji or 🎫 anywhere, skin tones aside', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    await stores.channelSettings.setRequests('T1', 'CSOS', { mode: 'off', emoji: 'sos', sync: true }, 'T1:U1');
    const index = await indexWith(stores);
    const reaction = (reaction: string, channel = 'C1', type = 'reaction_added') => ({ type, user: 'U3', reaction, item: { type: 'message', channel, ts: '1.2' } });
    expect(talepReaction(reaction('ticket'), 'T1', index)).toEqual({ userId: 'U3', channelId: 'C1', ts: '1.2' });
    expect(talepReaction(reaction('ticket', 'CSOS'), 'T1', index)).toMatchObject({ channelId: 'CSOS' });
    expect(talepReaction(reaction('sos', 'C1'), 'T1', index)).toBeUndefined();
    expect(talepReaction(reaction('sos::skin-tone-2', 'CSOS'), 'T1', index)).toMatchObject({ channelId: 'CSOS' });
    expect(talepReaction(reaction('thumbsup'), 'T1', index)).toBeUndefined();
    expect(talepReaction(reaction('ticket', 'C1', 'reaction_removed'), 'T1', index)).toBeUndefined();
    expect(talepReaction({ ...reaction('ticket'), item: { type: 'file', file: 'F1' } }, 'T1', index)).toBeUndefined();
  });

  it('reads emoji names as people type them', () => {
    expect(emojiName(':ticket:')).toBe('ticket');
    expect(emojiName(' Sos ')).toBe('sos');
    expect(emojiName(':+1::skin-tone-3:')).toBe('+1');
    expect(emojiName('not an emoji!')).toBeUndefined();
    expect(emojiName('')).toBeUndefined();
  });
});

describe('which help-desk comments a thread gets', () => {
  const at = new Date('2026-03-01T10:00:00Z');
  const link: ThreadLink = { teamId: 'T1', channelId: 'C1', threadTs: '1.1', talepId: 5, linkedBy: 'U1', at, knownComments: [3], closed: false, knownFiles: [] };
  const comment = (id: number, extra: Partial<Comment> = {}): Comment =>
    ({ CommentID: id, IssueID: 5, UserID: 2, UserName: 'agent', Email: '', IsSystem: false, ForTechsOnly: false, Body: `comment ${id}`, CommentDate: new Date('2026-03-01T10:05:00Z'), ...extra }) as Comment;

  it('public, new, after the link, and not made from a Slack reply of that channel', () => {
    const posted = commentsToPost(
      [
        comment(1),
        comment(2, { ForTechsOnly: true }),
        comment(3),
        comment(4, { IsSystem: true }),
        comment(5, { CommentDate: new Date('2026-03-01T09:00:00Z') }),
        comment(6, { Body: 'hello\n\n— Posted in Slack by Ayla: https://x.slack.com/archives/C1/p1700000000000100' }),
        comment(7, { Body: 'hello\n\n— Posted in Slack by Ayla: https://x.slack.com/archives/C9/p1700000000000100' }),
        // A minute before the link still counts (clocks differ).
        comment(8, { CommentDate: new Date('2026-03-01T09:59:00Z') }),
      ],
      link,
    );
    expect(posted.map((each) => each.CommentID)).toEqual([1, 7, 8]);
  });
});

describe('stores', () => {
  it('the persisted event dedupe: once per id, across a restart, forgotten only after two hours, bounded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-seen-'));
    const file = join(dir, 'talep-bot.json');
    const first = new LowdbSeenEventStore(await openDatabase(file));
    const now = new Date('2026-03-01T10:00:00Z');
    expect(await first.has('Ev1')).toBe(false);
    expect(await first.firstTime('Ev1', now)).toBe(true);
    expect(await first.has('Ev1')).toBe(true);
    expect(await first.firstTime('Ev1', now)).toBe(false);
    const [a, b] = await Promise.all([first.firstTime('Ev2', now), first.firstTime('Ev2', now)]);
    expect([a, b].sort()).toEqual([false, true]);

    const restarted = new LowdbSeenEventStore(await openDatabase(file));
    expect(await restarted.firstTime('Ev1', new Date('2026-03-01T11:00:00Z'))).toBe(false);
    // Another event two hours later prunes the old ids: Ev1 may be handled again (Slack stopped re-sending long before).
    expect(await restarted.firstTime('Ev3', new Date('2026-03-01T12:00:01Z'))).toBe(true);
    expect(await restarted.firstTime('Ev1', new Date('2026-03-01T12:00:02Z'))).toBe(true);

    const bounded = new LowdbSeenEventStore(await openDatabase(undefined), { max: 3 });
    for (const id of ['A', 'B', 'C', 'D']) await bounded.firstTime(id, new Date(now.getTime() + id.charCodeAt(0) * 1000));
    expect(await bounded.firstTime('D', now)).toBe(false);
    expect(await bounded.firstTime('A', now)).toBe(true);
  });

  it('thread links keep their first link; comment ids, files, held replies and last categories', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    const links = stores.threadLinks;
    const link = await links.link('T1', 'C1', '1.1', 5, 'U1', new Date('2026-03-01T10:00:00Z'));
    expect(link).toMatchObject({ talepId: 5, linkedBy: 'U1', knownComments: [], closed: false, knownFiles: undefined });
    expect((await links.link('T1', 'C1', '1.1', 6, 'U2')).talepId).toBe(5);
    await links.link('T1', 'C2', '2.2', 5, 'U2');
    await links.knowBotComment(5, 40);
    await links.knowComments('T1', 'C1', '1.1', [41, 40]);
    await links.knowFiles(5, [9]);
    expect((await links.get('T1', 'C1', '1.1'))?.knownComments).toEqual([40, 41]);
    expect((await links.get('T1', 'C2', '2.2'))?.knownComments).toEqual([40]);
    expect((await links.byTalep(5)).map((each) => each.knownFiles)).toEqual([[9], [9]]);
    await links.setClosed('T1', 'C1', '1.1', true);
    expect((await links.get('T1', 'C1', '1.1'))?.closed).toBe(true);

    const held = await links.hold({ teamId: 'T1', userId: 'U3', channelId: 'C1', threadTs: '1.1', ts: '1.5', talepId: 5, text: 'later', files: [], at: new Date() });
    expect((await links.held(held))?.text).toBe('later');
    await links.dropHeld(held);
    expect(await links.held(held)).toBeUndefined();

    await links.rememberReply('T1', 'C1', '1.5', { talepId: 5, commentId: 42, by: 'U3', at: new Date() });
    expect((await links.reply('T1', 'C1', '1.5'))?.commentId).toBe(42);
    await links.setLastCategory('T1', 'U3', 2);
    expect(await links.lastCategory('T1', 'U3')).toBe(2);
  });

  it('channel settings: /talep channel and /talep unfurl keep each other’s values', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    const settings = stores.channelSettings;
    await settings.setUnfurl('T1', 'C1', 'off', 'T1:U1');
    await settings.setRequests('T1', 'C1', { mode: 'triage', categoryId: 2, emoji: 'sos', sync: false }, 'T1:U2');
    expect(await settings.get('T1', 'C1')).toMatchObject({ unfurl: 'off', requests: { mode: 'triage', categoryId: 2, emoji: 'sos', sync: false } });
    await settings.setUnfurl('T1', 'C1', 'on', 'T1:U1');
    expect((await settings.get('T1', 'C1'))?.requests?.mode).toBe('triage');
    expect(await settings.withRequests()).toEqual([{ teamId: 'T1', channelId: 'C1', requests: { mode: 'triage', categoryId: 2, emoji: 'sos', sync: false } }]);
  });
});

describe('what the thread shows', () => {
  it('a help-desk comment: author and text escaped (no mentions or links can be smuggled in), files named, within Block Kit limits', async () => {
    const { helpdeskCommentMessage } = await import('../../src/views/conversations/messages.js');
    const message = helpdeskCommentMessage(5, { author: 'Eve <!channel>', text: `Click <https://evil.example|here> & <!here> ${'&'.repeat(2_000)}`, files: ['a<b>.txt'] });
    const shown = JSON.stringify(message.blocks);
    expect(shown).not.toContain('<!channel>');
    expect(shown).not.toContain('<!here>');
    expect(shown).not.toContain('<https://evil.example');
    expect(shown).toContain('&lt;!channel&gt;');
    expect(shown).toContain('a&lt;b&gt;.txt');
    for (const block of message.blocks ?? []) {
      const text = (block as { text?: { text?: string } }).text?.text;
      if (text) {
        expect(text.length).toBeLessThanOrEqual(3_000);
        expect(text).not.toMatch(/&(a|am|amp)?$/);
      }
    }
  });
});
