/**
 * Conversations end to end (issue 15): signed Events API requests (with Slack's re-sends) to the
 * bot's receiver, the sandbox help desk behind a counting proxy, the Slack stand-in.
 *
 * - `/talep channel`: only the channel's managers; the modal stores the mode, category, priority, emoji, sync.
 * - Request channel: a top-level message makes exactly one talep, even when Slack re-sends the event three times.
 * - Thread → talep: a reply becomes a comment as the replier, with its file and the permalink mark.
 * - An unlinked replier is prompted; the reply is added after they link and press "Add my reply".
 * - Talep → thread: a public help-desk comment appears once (with its file named); a ForTechsOnly one never.
 * - No echo after 5 round trips; edits followed with updatecomment.
 * - The emoji opens one talep as the reactor and offers Edit details; a second reaction makes none.
 * - Closing adds ✅ and a note; reopening removes it.
 * - A flood of 1,000 unrelated message events costs zero help-desk calls.
 */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/schemas.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import type { SlackCall } from '../../src/playground/slack-stand-in.js';
import { ConversationIds } from '../../src/views/conversations/ids.js';
import { TalepCardIds } from '../../src/views/talep-card/ids.js';
import { callsSince, elementsWithId, inputElement, pick, stateOf, type View, viewOf } from '../support/e2e.js';
import { people } from '../support/harness.js';
import { eventually, jobsSettled as settledJobs, message, nextTs, postsIn as postsInThread } from '../support/conversation-events.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness({ proxy: true, linked: ['admin', 'agent', 'user'] });

const REQUESTS = 'CREQ';
const ELSEWHERE = 'COTHER';
const postsIn = (channel: string, threadTs: string, since = 0): SlackCall[] => postsInThread(h, channel, threadTs, since);
const helpdeskPosts = (channel: string, threadTs: string) => postsIn(channel, threadTs).filter((call) => String(call.args.text).includes('in the help desk'));
const comments = (talepId: number): Promise<Comment[]> => h.helpdeskAs('admin').comments({ id: talepId });
const hdCalls = () => h.proxy?.seen.length ?? 0;

/** Waits until the help desk has had no call for 1.2 s: background reads of earlier tests (the notifications engine reads after its 700 ms coalescing) are over. */
async function helpdeskQuiet(): Promise<void> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = hdCalls();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= 1_200) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const jobsSettled = () => settledJobs(h);

let requestTs = '';
let talepId = 0;

describe('/talep channel', () => {
  it('is refused to someone who does not manage the channel', async () => {
    const mark = h.slack.calls.length;
    const sent = await h.send.slash(h.as('user', REQUESTS), 'channel');
    const answer = await h.slack.waitFor(() => h.slack.postsTo(sent.responseUrl ?? '')[0], 'the refusal');
    expect(String(answer.text)).toContain('Only the channel’s creator, workspace admins and help-desk admins');
    expect(callsSince(h, mark, 'views.open')).toHaveLength(0);
  });

  it('is open to a workspace admin (users.info is_admin)', async () => {
    const user = h.slack.users.get(people.user.userId);
    if (!user) throw new Error('no user');
    h.slack.users.set(user.id, { ...user, isAdmin: true });
    try {
      const mark = h.slack.calls.length;
      await h.send.slash(h.as('user', 'CADMIN'), 'channel');
      await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'the channel modal');
    } finally {
      h.slack.users.set(user.id, { ...user, isAdmin: false });
    }
  });

  it('lets the channel’s creator set a request channel with its category, priority, emoji and sync', async () => {
    h.slack.channelCreators.set(REQUESTS, people.agent.userId);
    const mark = h.slack.calls.length;
    await h.send.slash(h.as('agent', REQUESTS), 'channel');
    const opened = await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'the channel modal');
    const view = viewOf(opened);
    expect(view.callback_id).toBe(ConversationIds.channelCallback);
    expect(inputElement(view, ConversationIds.emoji.block)?.initial_value).toBe(':ticket:');
    const values = stateOf(view, {
      ...pick(ConversationIds.mode.block, 'value', 'request'),
      ...pick(ConversationIds.category.block, 'value', String(SeedIds.categories.software)),
      ...pick(ConversationIds.priority.block, 'value', '1'),
    });
    const bad = await h.send.viewSubmission(h.as('agent', REQUESTS), {
      callback_id: ConversationIds.channelCallback,
      id: 'VCHAN1',
      private_metadata: view.private_metadata ?? '',
      values: { ...values, [ConversationIds.emoji.block]: { value: { type: 'plain_text_input', value: 'not an emoji!' } } },
    });
    expect(bad.body).toMatchObject({ response_action: 'errors' });
    const saved = await h.send.viewSubmission(h.as('agent', REQUESTS), {
      callback_id: ConversationIds.channelCallback,
      id: 'VCHAN1',
      private_metadata: view.private_metadata ?? '',
      values,
    });
    expect(saved.body).toMatchObject({ response_action: 'update' });
    const settings = await h.services.stores.channelSettings.get('T1', REQUESTS);
    expect(settings?.requests).toEqual({ mode: 'request', categoryId: SeedIds.categories.software, priorityId: 1, emoji: 'ticket', sync: true });
  });
});

describe('request channel', () => {
  it('a top-level message makes exactly one talep, even when Slack re-sends the event three times', async () => {
    requestTs = nextTs();
    const mark = h.slack.calls.length;
    const event = message(people.user.userId, REQUESTS, requestTs, 'The VPN client crashes on start\nSince this morning, every time.');
    const eventId = `EvReq${requestTs}`;
    await h.send.event(event, 'T1', { eventId });
    for (const retryNum of [1, 2, 3]) await h.send.event(event, 'T1', { eventId, retryNum });
    const card = await h.slack.waitFor(() => postsIn(REQUESTS, requestTs, mark)[0], 'the card in the thread');
    await jobsSettled();
    talepId = (await h.services.stores.messageTaleps.get('T1', REQUESTS, requestTs))?.talepId ?? 0;
    expect(talepId).toBeGreaterThan(0);
    const talep = await h.helpdeskAs('admin').getTalep({ id: talepId });
    expect(talep.Subject).toBe('The VPN client crashes on start');
    expect(talep.CategoryID).toBe(SeedIds.categories.software);
    expect(talep.Priority).toBe(1);
    expect(talep.SubmitterUserInfo.UserID).toBe(SeedIds.users.user);
    expect(JSON.stringify(card.args.blocks)).toContain(`#${talepId}`);
    const found = await h.helpdeskAs('admin').search({ query: 'VPN client crashes on start' });
    expect(found.filter((each) => each.Subject === 'The VPN client crashes on start')).toHaveLength(1);
    // One card, one job, nothing more for the re-sends (the same message again under a new event id either).
    await h.send.event(event, 'T1', { eventId: `${eventId}-again` });
    await jobsSettled();
    expect(postsIn(REQUESTS, requestTs, mark)).toHaveLength(1);
    expect((await h.helpdeskAs('admin').search({ query: 'VPN client crashes on start' })).length).toBe(1);
  });
});

describe('triage channel and unlinked posters', () => {
  const TRIAGE = 'CTRI';

  it('a triage channel’s message gets "Open a talep" for agents, which opens it on behalf of its author', async () => {
    const mark = h.slack.calls.length;
    await h.send.slash(h.as('admin', TRIAGE), 'channel');
    const view = viewOf(await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'the channel modal'));
    await h.send.viewSubmission(h.as('admin', TRIAGE), {
      callback_id: ConversationIds.channelCallback,
      id: 'VCHAN2',
      private_metadata: view.private_metadata ?? '',
      values: stateOf(view, { ...pick(ConversationIds.mode.block, 'value', 'triage'), ...pick(ConversationIds.category.block, 'value', String(SeedIds.categories.hardware)) }),
    });
    const ts = nextTs();
    await h.send.event(message(people.user.userId, TRIAGE, ts, 'Monitor flickers in room 4'));
    const triage = await h.slack.waitFor(() => postsIn(TRIAGE, ts, mark)[0], 'the triage button');
    const [open] = elementsWithId(triage.args, ConversationIds.openFromMessage);
    expect(await h.services.stores.messageTaleps.get('T1', TRIAGE, ts)).toBeUndefined();

    await h.send.blockAction(h.as('agent', TRIAGE), { action_id: ConversationIds.openFromMessage, block_id: 'conv_triage', type: 'button', value: open?.value }, { ephemeral: false });
    const opened = await eventually(async () => (await h.services.stores.messageTaleps.get('T1', TRIAGE, ts))?.talepId, 'the triage talep');
    const talep = await h.helpdeskAs('admin').getTalep({ id: opened });
    expect(talep.Subject).toBe('Monitor flickers in room 4');
    expect(talep.SubmitterUserInfo.UserID).toBe(SeedIds.users.user);
    expect(talep.CategoryID).toBe(SeedIds.categories.hardware);
    await h.slack.waitFor(() => postsIn(TRIAGE, ts, mark).find((call) => JSON.stringify(call.args.blocks).includes(`#${opened}`)), 'the card in the thread');
  });

  it('a request channel’s poster without a link is asked to connect (nothing is sent to the help desk)', async () => {
    await jobsSettled();
    await helpdeskQuiet();
    const before = hdCalls();
    const mark = h.slack.calls.length;
    await h.send.event(message(people.stranger.userId, REQUESTS, nextTs(), 'Where is the wifi password?'));
    const prompt = await h.slack.waitFor(() => callsSince(h, mark, 'chat.postEphemeral').find((call) => call.args.user === people.stranger.userId), 'the prompt');
    expect(elementsWithId(prompt.args, ConversationIds.openFromMessage)).toHaveLength(1);
    expect(hdCalls()).toBe(before);
  });
});

describe('thread ↔ talep', () => {
  it('a reply from a linked person becomes a comment as them, with its file and the permalink', async () => {
    const ts = nextTs();
    const data = Buffer.from('crash log line 1\n');
    const url = h.slack.addFile('FLOG1', data, 'text/plain');
    const files = [{ id: 'FLOG1', name: 'crash.log', mimetype: 'text/plain', size: data.length, url_private_download: url }];
    await h.send.event(message(people.agent.userId, REQUESTS, ts, 'Looking at it — <@UUSER> can you send the version?', { thread_ts: requestTs, files }));
    const comment = await eventually(async () => (await comments(talepId)).find((each) => each.Body.includes('can you send the version')), 'the comment');
    expect(comment.UserID).toBe(SeedIds.users.agent);
    expect(comment.ForTechsOnly).toBe(false);
    expect(comment.Body).toContain(`https://test.slack.com/archives/${REQUESTS}/p${ts.replace('.', '')}`);
    const attachments = await h.helpdeskAs('admin').attachments({ id: talepId });
    expect(attachments.map((file) => file.FileName)).toContain('crash.log');
    await jobsSettled();
    // Its own comment is never posted back into the thread.
    expect(helpdeskPosts(REQUESTS, requestTs)).toHaveLength(0);
  });

  it('an edit within 10 minutes updates the comment', async () => {
    const ts = nextTs();
    await h.send.event(message(people.agent.userId, REQUESTS, ts, 'Restart the client pls', { thread_ts: requestTs }));
    const comment = await eventually(async () => (await comments(talepId)).find((each) => each.Body.includes('Restart the client pls')), 'the comment');
    await jobsSettled();
    await h.send.event({
      type: 'message',
      subtype: 'message_changed',
      channel: REQUESTS,
      ts: nextTs(),
      message: { type: 'message', user: people.agent.userId, text: 'Restart the client, please', ts, thread_ts: requestTs, edited: { user: people.agent.userId, ts: nextTs() } },
      previous_message: { type: 'message', user: people.agent.userId, text: 'Restart the client pls', ts, thread_ts: requestTs },
    });
    await eventually(async () => (await comments(talepId)).find((each) => each.CommentID === comment.CommentID && each.Body.includes('Restart the client, please')), 'the edit');
  });

  it('a deletion within 10 minutes is followed; an edit after them is noted in the thread', async () => {
    const ts = nextTs();
    await h.send.event(message(people.agent.userId, REQUESTS, ts, 'Wrong thread, sorry', { thread_ts: requestTs }));
    const comment = await eventually(async () => (await comments(talepId)).find((each) => each.Body.includes('Wrong thread, sorry')), 'the comment');
    await jobsSettled();
    await h.send.event({
      type: 'message',
      subtype: 'message_deleted',
      channel: REQUESTS,
      ts: nextTs(),
      deleted_ts: ts,
      previous_message: { type: 'message', user: people.agent.userId, text: 'Wrong thread, sorry', ts, thread_ts: requestTs },
    });
    await eventually(async () => (await comments(talepId)).find((each) => each.CommentID === comment.CommentID && each.Body.includes('deleted in Slack')), 'the deletion');

    const old = nextTs(-11 * 60);
    await h.send.event(message(people.agent.userId, REQUESTS, old, 'An old reply', { thread_ts: requestTs }));
    await eventually(async () => (await comments(talepId)).find((each) => each.Body.includes('An old reply')), 'the old reply');
    await jobsSettled();
    const mark = h.slack.calls.length;
    await h.send.event({
      type: 'message',
      subtype: 'message_changed',
      channel: REQUESTS,
      ts: nextTs(),
      message: { type: 'message', user: people.agent.userId, text: 'An old reply, edited', ts: old, thread_ts: requestTs },
      previous_message: { type: 'message', user: people.agent.userId, text: 'An old reply', ts: old, thread_ts: requestTs },
    });
    const note = await h.slack.waitFor(() => postsIn(REQUESTS, requestTs, mark)[0], 'the note');
    expect(String(note.args.text)).toContain('more than 10 minutes');
    expect((await comments(talepId)).some((each) => each.Body.includes('An old reply, edited'))).toBe(false);
  });

  it('an unlinked replier is asked to connect; the reply is added after they link and press "Add my reply"', async () => {
    const ts = nextTs();
    const mark = h.slack.calls.length;
    await h.send.event(message(people.agent2.userId, REQUESTS, ts, 'Same here on my laptop', { thread_ts: requestTs }));
    const prompt = await h.slack.waitFor(() => callsSince(h, mark, 'chat.postEphemeral').find((call) => call.args.user === people.agent2.userId), 'the prompt');
    expect(prompt.args).toMatchObject({ channel: REQUESTS, thread_ts: requestTs });
    const [add] = elementsWithId(prompt.args, ConversationIds.addMyReply);
    expect(add?.value).toBeTruthy();
    expect((await comments(talepId)).some((each) => each.Body.includes('Same here on my laptop'))).toBe(false);

    await h.link('agent2');
    await h.send.blockAction(
      h.as('agent2', REQUESTS),
      { action_id: ConversationIds.addMyReply, block_id: 'conv_held', type: 'button', value: add?.value },
      { ephemeral: true },
    );
    const comment = await eventually(async () => (await comments(talepId)).find((each) => each.Body.includes('Same here on my laptop')), 'the kept reply');
    expect(comment.UserID).toBe(SeedIds.users.agent2);
    // Pressing again adds nothing more.
    await h.send.blockAction(
      h.as('agent2', REQUESTS),
      { action_id: ConversationIds.addMyReply, block_id: 'conv_held', type: 'button', value: add?.value },
      { ephemeral: true },
    );
    await jobsSettled();
    expect((await comments(talepId)).filter((each) => each.Body.includes('Same here on my laptop'))).toHaveLength(1);
  });

  it('a public help-desk comment appears in the thread once, with its file named; a ForTechsOnly one never', async () => {
    const admin = h.helpdeskAs('admin');
    await admin.addComment({ id: talepId, body: 'Internal: vendor ticket 4711, do not tell the user', forTechsOnly: true });
    await admin.addComment({
      id: talepId,
      body: 'Please install version 2.4.1 and try again.',
      uploadFile: { filename: 'vpn-2.4.1.msi', contentType: 'application/octet-stream', data: new TextEncoder().encode('msi') },
    });
    const change = { talepId, kind: 'commented' as const, via: 'push' as const, at: new Date() };
    await h.services.talepChanges.publish(change);
    await h.services.talepChanges.publish(change);
    const posts = helpdeskPosts(REQUESTS, requestTs);
    expect(posts).toHaveLength(1);
    const shown = JSON.stringify(posts[0]?.args);
    expect(shown).toContain('admin');
    expect(shown).toContain('Please install version 2.4.1');
    expect(shown).toContain('vpn-2.4.1.msi');
    expect(shown).not.toContain('crash.log');
    const everything = JSON.stringify(h.slack.calls.filter((call) => call.method.startsWith('chat.')).map((call) => call.args));
    expect(everything).not.toContain('vendor ticket 4711');
  });

  it('no echo after 5 round trips', async () => {
    const admin = h.helpdeskAs('admin');
    const before = helpdeskPosts(REQUESTS, requestTs).length;
    const countBefore = (await comments(talepId)).length;
    for (let round = 1; round <= 5; round += 1) {
      await h.send.event(message(people.agent.userId, REQUESTS, nextTs(), `Slack says ${round}`, { thread_ts: requestTs }));
      await eventually(async () => (await comments(talepId)).some((each) => each.Body.includes(`Slack says ${round}`)), `reply ${round}`);
      await jobsSettled();
      await admin.addComment({ id: talepId, body: `Help desk says ${round}` });
      await h.services.talepChanges.publish({ talepId, kind: 'commented', via: 'push', at: new Date() });
    }
    const posts = helpdeskPosts(REQUESTS, requestTs).slice(before).map((call) => String(call.args.text));
    expect(posts).toHaveLength(5);
    expect(posts.every((text) => /Help desk says \d/.test(text))).toBe(true);
    const after = await comments(talepId);
    expect(after.length - countBefore).toBe(10);
    for (let round = 1; round <= 5; round += 1) expect(after.filter((each) => each.Body.includes(`Slack says ${round}`))).toHaveLength(1);
  });

  it('closing the talep adds ✅ to the first message and a note; reopening removes it', async () => {
    const mark = h.slack.calls.length;
    await h.helpdeskAs('admin').closeTalep({ id: talepId });
    await h.services.talepChanges.publish({ talepId, kind: 'closed', via: 'push', at: new Date() });
    expect(callsSince(h, mark, 'reactions.add').map((call) => call.args)).toEqual([
      expect.objectContaining({ channel: REQUESTS, timestamp: requestTs, name: 'white_check_mark' }),
    ]);
    expect(postsIn(REQUESTS, requestTs, mark).map((call) => String(call.args.text))).toEqual([expect.stringContaining(`Talep #${talepId} was closed`)]);
    // Another hint about the same closed talep changes nothing.
    await h.services.talepChanges.publish({ talepId, kind: 'updated', via: 'poll', at: new Date() });
    expect(callsSince(h, mark, 'reactions.add')).toHaveLength(1);

    await h.helpdeskAs('admin').updateTalep({ id: talepId, statusId: 1 });
    await h.services.talepChanges.publish({ talepId, kind: 'status', via: 'push', at: new Date() });
    expect(callsSince(h, mark, 'reactions.remove').map((call) => call.args)).toEqual([
      expect.objectContaining({ channel: REQUESTS, timestamp: requestTs, name: 'white_check_mark' }),
    ]);
  });
});

describe('shared cards', () => {
  it('the thread of a card shared in a channel is linked: a reply there becomes a comment', async () => {
    const mark = h.slack.calls.length;
    await h.send.blockAction(h.as('agent', 'CSHARE'), { action_id: TalepCardIds.share, value: '2' });
    const card = await h.slack.waitFor(() => callsSince(h, mark, 'chat.postMessage').find((call) => call.args.channel === 'CSHARE'), 'the shared card');
    const cardTs = String(card.reply.ts);
    await eventually(async () => h.services.stores.threadLinks.get('T1', 'CSHARE', cardTs), 'the link');
    await h.send.event(message(people.agent.userId, 'CSHARE', nextTs(), 'Asked the user to reboot', { thread_ts: cardTs }));
    await eventually(async () => (await comments(2)).find((each) => each.Body.includes('Asked the user to reboot') && each.UserID === SeedIds.users.agent), 'the comment');
  });
});

describe('emoji → talep', () => {
  it('the 🎫 opens one talep as the person who reacted, with Edit details; a second reaction makes none', async () => {
    const ts = nextTs();
    h.slack.channelMessages.set(`${ELSEWHERE}:${ts}`, { user: people.user.userId, text: 'Printer on floor 2 prints blank pages' });
    const mark = h.slack.calls.length;
    const reaction = (user: string) => ({ type: 'reaction_added', user, reaction: 'ticket', item_user: people.user.userId, item: { type: 'message', channel: ELSEWHERE, ts }, event_ts: nextTs() });
    const eventId = `EvEmoji${ts}`;
    await h.send.event(reaction(people.agent.userId), 'T1', { eventId });
    await h.send.event(reaction(people.agent.userId), 'T1', { eventId, retryNum: 1 });
    const confirmation = await h.slack.waitFor(
      () => callsSince(h, mark, 'chat.postEphemeral').find((call) => call.args.user === people.agent.userId && String(call.args.text).includes('opened from the message')),
      'the confirmation',
    );
    const opened = (await h.services.stores.messageTaleps.get('T1', ELSEWHERE, ts))?.talepId ?? 0;
    const talep = await h.helpdeskAs('admin').getTalep({ id: opened });
    expect(talep.Subject).toBe('Printer on floor 2 prints blank pages');
    expect(talep.SubmitterUserInfo.UserID).toBe(SeedIds.users.agent);
    const [edit] = elementsWithId(confirmation.args, ConversationIds.editDetails);
    expect(edit?.value).toBe(String(opened));

    await h.send.event(reaction(people.admin.userId));
    await h.slack.waitFor(
      () => callsSince(h, mark, 'chat.postEphemeral').find((call) => call.args.user === people.admin.userId && String(call.args.text).includes(`already opened talep #${opened}`)),
      'the duplicate guard',
    );
    await jobsSettled();
    expect((await h.helpdeskAs('admin').search({ query: 'Printer on floor 2 prints blank pages' })).length).toBe(1);

    // Edit details opens the form, and saving it changes the talep as the person.
    const openMark = h.slack.calls.length;
    await h.send.blockAction(h.as('agent', ELSEWHERE), { action_id: ConversationIds.editDetails, block_id: 'conv_emoji', type: 'button', value: String(opened) });
    const form = viewOf(await h.slack.waitFor(() => callsSince(h, openMark, 'views.open')[0], 'the edit form')) as View;
    expect(inputElement(form, ConversationIds.subject.block)?.initial_value).toBe('Printer on floor 2 prints blank pages');
    await h.send.viewSubmission(h.as('agent', ELSEWHERE), {
      callback_id: ConversationIds.editCallback,
      id: 'VEDIT1',
      private_metadata: form.private_metadata ?? '',
      values: stateOf(form, {
        [ConversationIds.subject.block]: { value: { type: 'plain_text_input', value: 'Printer 2F prints blank pages' } },
        ...pick(ConversationIds.category.block, 'value', String(SeedIds.categories.hardware)),
      }),
    });
    await eventually(async () => (await h.helpdeskAs('admin').getTalep({ id: opened })).Subject === 'Printer 2F prints blank pages', 'the edit');
  });
});

describe('emoji on a reply', () => {
  it('opens the talep from the reply and links the thread it is in', async () => {
    const root = nextTs();
    const ts = nextTs();
    h.slack.channelMessages.set(`${ELSEWHERE}:${ts}`, { user: people.user.userId, text: 'Scanner jams on duplex', thread_ts: root });
    const mark = h.slack.calls.length;
    await h.send.event({ type: 'reaction_added', user: people.agent.userId, reaction: 'ticket', item: { type: 'message', channel: ELSEWHERE, ts } });
    await h.slack.waitFor(() => postsIn(ELSEWHERE, root, mark)[0], 'the thread told');
    const opened = (await h.services.stores.messageTaleps.get('T1', ELSEWHERE, ts))?.talepId;
    expect(opened).toBeGreaterThan(0);
    expect((await h.services.stores.threadLinks.get('T1', ELSEWHERE, root))?.talepId).toBe(opened);
  });
});

describe('unrelated events', () => {
  it('a flood of 1,000 unrelated message events costs zero help-desk calls (and no Slack calls)', async () => {
    await jobsSettled();
    await helpdeskQuiet();
    const helpdeskBefore = hdCalls();
    const slackBefore = h.slack.calls.length;
    const events = Array.from({ length: 1_000 }, (_, n) => {
      const ts = nextTs();
      switch (n % 5) {
        case 0: return message(people.user.userId, ELSEWHERE, ts, `chatter ${n}`);
        case 1: return message(people.user.userId, ELSEWHERE, ts, `reply ${n}`, { thread_ts: '1600000000.000001' });
        case 2: return { ...message('UBOT', REQUESTS, ts, `bot ${n}`), bot_id: 'B1', subtype: 'bot_message' };
        case 3: return { ...message(people.user.userId, REQUESTS, ts, 'joined'), subtype: 'channel_join' };
        default: return { type: 'reaction_added', user: people.user.userId, reaction: 'thumbsup', item: { type: 'message', channel: ELSEWHERE, ts } };
      }
    });
    const statuses: number[] = [];
    for (let start = 0; start < events.length; start += 25) {
      statuses.push(...(await Promise.all(events.slice(start, start + 25).map(async (event) => (await h.send.event(event)).status))));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hdCalls()).toBe(helpdeskBefore);
    expect(h.slack.calls.length).toBe(slackBefore);
    // Nothing of them was written either (the persisted dedupe records only events that matter).
    const { db, pool } = h.services.stores;
    const seen = pool ? ((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM seen_events')).rows[0]?.n ?? 0) : Object.keys(db?.data.seenEvents ?? {}).length;
    expect(seen).toBeLessThan(50);
  });
});
