/**
 * The playground's workspace answers the bot as Slack does (src/playground/workspace.ts): the Web API
 * calls and response_url posts reach it through the Slack stand-in over HTTP, and what each person sees
 * is their snapshot. Slack's rules are checked on the way: triggers last 3 s and open one view, a stale
 * view hash is a conflict, a response_url takes 5 posts, ephemeral messages reach one person, and a
 * payload past Block Kit's limits is refused and shown to the person it was for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { Workspace } from '../../src/playground/workspace.js';

const people = [
  { id: 'U1', name: 'ayse', realName: 'Ayşe Yılmaz', email: 'ayse@example.com', timeZone: 'Europe/Istanbul', title: '' },
  { id: 'U2', name: 'bora', realName: 'Bora Kaya', email: 'bora@example.com', timeZone: 'Asia/Tokyo', title: '' },
];
const app = { name: 'Talep', id: 'A1', botUserId: 'UBOT', botId: 'BBOT' };

let standIn: SlackStandIn;
let ws: Workspace;
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);

beforeAll(async () => {
  standIn = await new SlackStandIn().start();
  ws = new Workspace(standIn, {
    team: { id: 'T1', name: 'Team' },
    app,
    people,
    channels: [{ id: 'C1', name: 'helpdesk', topic: '' }],
    shortcuts: { message: [], global: [] },
    command: { name: '/talep', description: '', usageHint: '' },
    linkedAs: (userId) => (userId === 'U1' ? 'ayse' : undefined),
    pageUrl: () => 'http://127.0.0.1:9',
    now: () => clock,
  });
});
afterAll(async () => standIn?.close());

const call = async (method: string, args: Record<string, unknown>) => {
  const response = await fetch(`${standIn.apiUrl}${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${standIn.botToken}` },
    body: JSON.stringify(args),
  });
  return (await response.json()) as Record<string, unknown> & { view?: Record<string, unknown> };
};
const post = (url: string, body: Record<string, unknown>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const modal = (title: string, blocks: unknown[] = []) => ({ type: 'modal', title: { type: 'plain_text', text: title }, blocks });
const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });
const texts = (userId: string) => ws.snapshotFor(userId).conversations.flatMap((c) => c.messages.map((m) => m.text));

describe('messages', () => {
  it('posts in a channel and, to a user id, in the app’s DM with them; users.info carries the display name and offset', async () => {
    const inChannel = await call('chat.postMessage', { channel: 'C1', text: 'hello channel', blocks: [section('hello *channel*')] });
    expect(inChannel).toMatchObject({ ok: true, channel: 'C1' });
    const dm = await call('chat.postMessage', { channel: 'U2', text: 'just for bora' });
    expect(dm).toMatchObject({ ok: true, channel: 'DU2' });
    expect(texts('U1')).toContain('hello channel');
    expect(texts('U1')).not.toContain('just for bora');
    expect(texts('U2')).toContain('just for bora');
    // Slack gives blocks without a block_id one of its own.
    const stored = ws.snapshotFor('U1').conversations[0]?.messages.find((m) => m.text === 'hello channel');
    expect(stored?.blocks?.[0]?.block_id).toMatch(/^.{5}$/);
    expect(await call('chat.postMessage', { channel: 'C404', text: 'x' })).toEqual({ ok: false, error: 'channel_not_found' });
    const info = await call('users.info', { user: 'U2' });
    expect(info.user).toMatchObject({ real_name: 'Bora Kaya', tz_offset: 9 * 3600, profile: { display_name: 'Bora Kaya', email: 'bora@example.com' } });
  });

  it('shows an ephemeral message to one person only, in a thread when asked', async () => {
    const parent = await call('chat.postMessage', { channel: 'C1', text: 'parent' });
    const answer = await call('chat.postEphemeral', { channel: 'C1', user: 'U1', text: 'only ayse', thread_ts: parent.ts });
    expect(answer.ok).toBe(true);
    const seen = ws.snapshotFor('U1').conversations[0]?.messages.find((m) => m.text === 'only ayse');
    expect(seen).toMatchObject({ ephemeral: true, threadTs: parent.ts });
    expect(texts('U2')).not.toContain('only ayse');
  });

  it('updates and deletes only the app’s own messages', async () => {
    const mine = await call('chat.postMessage', { channel: 'C1', text: 'v1' });
    expect(await call('chat.update', { channel: 'C1', ts: mine.ts, text: 'v2' })).toMatchObject({ ok: true });
    expect(ws.snapshotFor('U1').conversations[0]?.messages.find((m) => m.ts === mine.ts)).toMatchObject({ text: 'v2', edited: true });
    const theirs = ws.post({ channel: 'C1', user: 'U1', text: 'a person wrote this' });
    expect(await call('chat.update', { channel: 'C1', ts: theirs.ts, text: 'hacked' })).toEqual({ ok: false, error: 'cant_update_message' });
    expect(await call('chat.delete', { channel: 'C1', ts: mine.ts })).toMatchObject({ ok: true });
    expect(texts('U1')).not.toContain('v2');
  });

  it('gives permalinks into the page', async () => {
    const posted = await call('chat.postMessage', { channel: 'C1', text: 'link me' });
    const answer = await call('chat.getPermalink', { channel: 'C1', message_ts: posted.ts });
    expect(answer.permalink).toBe(`http://127.0.0.1:9/archives/C1/p${String(posted.ts).replace('.', '')}`);
  });
});

describe('scheduled messages', () => {
  it('are posted when their time comes (a reminder lands in the app’s DM)', async () => {
    const postAt = Math.floor(Date.now() / 1000) + 2;
    const answer = await call('chat.scheduleMessage', { channel: 'U2', post_at: postAt, text: 'Reminder: talep #2' });
    expect(answer).toMatchObject({ ok: true, channel: 'DU2' });
    expect(texts('U2')).not.toContain('Reminder: talep #2');
    clock = (postAt + 1) * 1000;
    const deadline = Date.now() + 5_000;
    while (!texts('U2').includes('Reminder: talep #2') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(texts('U2')).toContain('Reminder: talep #2');
    expect(standIn.scheduled.size).toBe(0);
  });
});

describe('response_url', () => {
  it('answers ephemerally, replaces and deletes the message it came from, and takes 5 posts', async () => {
    const card = ws.post({ channel: 'C1', user: 'UBOT', text: 'card v1', ephemeralFor: 'U1' });
    const url = ws.issueResponseUrl({ userId: 'U1', channel: 'C1', messageTs: card.ts });
    expect((await post(url, { text: 'a new answer' })).status).toBe(200);
    expect(ws.snapshotFor('U1').conversations[0]?.messages.find((m) => m.text === 'a new answer')).toMatchObject({ ephemeral: true });
    expect(texts('U2')).not.toContain('a new answer');
    await post(url, { replace_original: true, text: 'card v2' });
    expect(ws.snapshotFor('U1').conversations[0]?.messages.find((m) => m.ts === card.ts)?.text).toBe('card v2');
    await post(url, { response_type: 'in_channel', text: 'for everyone' });
    expect(texts('U2')).toContain('for everyone');
    await post(url, { delete_original: true });
    expect(texts('U1')).not.toContain('card v2');
    const fifth = await post(url, { text: 'fifth' });
    expect(fifth.status).toBe(200);
    const sixth = await post(url, { text: 'sixth' });
    expect([sixth.status, await sixth.text()]).toEqual([404, 'used_url']);
    expect((await post(`${standIn.url}/respond/unknown`, { text: 'x' })).status).toBe(404);
  });
});

describe('views', () => {
  it('opens a modal with a fresh trigger only once, within 3 seconds, for the person it was issued to', async () => {
    const trigger = ws.issueTrigger('U1');
    const opened = await call('views.open', { trigger_id: trigger, view: modal('First') });
    expect(opened).toMatchObject({ ok: true, view: { id: expect.stringMatching(/^V/), hash: expect.any(String) } });
    expect(ws.snapshotFor('U1').modals.map((m) => m.view.title)).toEqual([{ type: 'plain_text', text: 'First' }]);
    expect(ws.snapshotFor('U2').modals).toEqual([]);
    expect(await call('views.open', { trigger_id: trigger, view: modal('Again') })).toEqual({ ok: false, error: 'expired_trigger_id' });
    const late = ws.issueTrigger('U1');
    clock += 3_001;
    expect(await call('views.open', { trigger_id: late, view: modal('Late') })).toEqual({ ok: false, error: 'expired_trigger_id' });
    expect(await call('views.open', { trigger_id: 'made-up', view: modal('No') })).toEqual({ ok: false, error: 'invalid_trigger_id' });
  });

  it('updates by id with hash checks, and pushes up to three views', async () => {
    const opened = await call('views.open', { trigger_id: ws.issueTrigger('U2'), view: modal('Base') });
    const { id, hash } = opened.view as { id: string; hash: string };
    const updated = await call('views.update', { view_id: id, hash, view: modal('Updated') });
    expect(updated.ok).toBe(true);
    expect(await call('views.update', { view_id: id, hash, view: modal('Stale') })).toEqual({ ok: false, error: 'hash_conflict' });
    expect(await call('views.update', { view_id: 'V404', view: modal('Gone') })).toEqual({ ok: false, error: 'not_found' });
    expect((await call('views.push', { trigger_id: ws.issueTrigger('U2'), view: modal('Second') })).ok).toBe(true);
    expect((await call('views.push', { trigger_id: ws.issueTrigger('U2'), view: modal('Third') })).ok).toBe(true);
    expect(await call('views.push', { trigger_id: ws.issueTrigger('U2'), view: modal('Fourth') })).toEqual({ ok: false, error: 'push_limit_reached' });
    const stack = ws.snapshotFor('U2').modals;
    expect(stack.map((m) => (m.view.title as { text: string }).text)).toEqual(['Updated', 'Second', 'Third']);
    expect(stack[1]?.view.previous_view_id).toBe(id);
    ws.closeModal('U2', stack[1]?.id ?? '');
    expect(ws.snapshotFor('U2').modals.map((m) => (m.view.title as { text: string }).text)).toEqual(['Updated']);
  });

  it('publishes each person’s own Home tab', async () => {
    const home = { type: 'home', blocks: [section('Welcome')] };
    expect((await call('views.publish', { user_id: 'U1', view: home })).ok).toBe(true);
    expect(ws.snapshotFor('U1').home?.view.blocks).toEqual([expect.objectContaining({ type: 'section' })]);
    expect(ws.snapshotFor('U2').home).toBeUndefined();
    expect(await call('views.publish', { user_id: 'U404', view: home })).toEqual({ ok: false, error: 'user_not_found' });
  });
});

describe('refusals', () => {
  it('a view past Block Kit’s limits is refused with Slack’s error and shown to its person', async () => {
    const tooMany = { type: 'home', blocks: Array.from({ length: 101 }, (_, n) => section(`row ${n}`)) };
    const answer = await call('views.publish', { user_id: 'U2', view: tooMany });
    expect(answer).toMatchObject({ ok: false, error: 'invalid_arguments' });
    const notice = ws.snapshotFor('U2').notices.find((n) => n.kind === 'refused');
    expect(notice?.title).toContain('views.publish');
    expect(notice?.lines.join(' ')).toContain('[json-pointer:/view/blocks]');
    expect(ws.snapshotFor('U1').notices.some((n) => n.title.includes('views.publish'))).toBe(false);
    standIn.takeViolations();
  });

  it('a message with a duplicate action id is refused in the channel, for everyone to see', async () => {
    const button = { type: 'button', text: { type: 'plain_text', text: 'Go' }, action_id: 'same' };
    const answer = await call('chat.postMessage', { channel: 'C1', text: 'x', blocks: [{ type: 'actions', elements: [button, button] }] });
    expect(answer).toMatchObject({ ok: false, error: 'invalid_blocks' });
    for (const person of ['U1', 'U2']) expect(ws.snapshotFor(person).notices.some((n) => n.title.includes('chat.postMessage'))).toBe(true);
    standIn.takeViolations();
  });
});
