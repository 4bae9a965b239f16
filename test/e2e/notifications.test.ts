/**
 * Help desk → Slack end to end: the sandbox's "HTTP POST to URL" rule calls the bot's webhook, the bot
 * reads the talep itself and posts to the Slack stand-in (feed cards, thread replies, DMs, App Home).
 */
import { describe, expect, it } from 'vitest';
import { TalepCardIds } from '../../src/commands/talep-card/public.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { json, slashAnswer } from '../support/e2e.js';
import { people } from '../support/harness.js';
import { until, useWebhookHarness, WEBHOOK_SECRET } from '../support/notify-webhook.js';

const CHANNEL = 'CFEED1';

const h = useWebhookHarness();

const webhookUrl = () => `${new URL(h.send.eventsUrl).origin}/helpdesk/events`;
const postsIn = (channel: string) => h.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === channel);
const cardOf = (channel: string, talepId: number) =>
  postsIn(channel).find((call) => !call.args.thread_ts && json(call.args.blocks).includes(`|#${talepId}>`));

async function newTalep(subject: string, extra: { categoryId?: number; priorityId?: number } = {}): Promise<number> {
  const { id } = await h.helpdeskAs('user').createTalep({ categoryId: extra.categoryId ?? 1, subject, body: 'Details.', priorityId: extra.priorityId ?? 0 });
  return id;
}

describe('channel feeds', () => {
  it('creates a feed and lists it', async () => {
    const created = await slashAnswer(h, 'agent', `feed <#${CHANNEL}|support> category:hardware`, { ephemeral: true });
    expect(json(created.post)).toContain('posts to <#CFEED1>');
    const listed = await slashAnswer(h, 'agent', 'feeds');
    expect(json(listed.post)).toContain('category hardware');
    expect(json(listed.post)).toContain('notify_feed_remove');
  });

  it('a webhook-driven change reaches the card and its thread within a second', async () => {
    const id = await newTalep('Printer on fire');
    const card = await h.slack.waitFor(() => cardOf(CHANNEL, id), 'the feed card');
    const ts = String(card.reply.ts);
    const started = Date.now();
    await h.helpdeskAs('agent').updateTalep({ id, statusId: 2 });
    const reply = await h.slack.waitFor(
      () => postsIn(CHANNEL).find((call) => call.args.thread_ts === ts && json(call.args.blocks).includes('Status')),
      'the thread reply',
    );
    const update = await h.slack.waitFor(() => h.slack.callsTo('chat.update').find((call) => call.args.ts === ts), 'the card update');
    expect(reply.at - started).toBeLessThan(1_000);
    expect(update.at - started).toBeLessThan(1_000);
    expect(json(update.args.blocks)).toContain('In progress');
  });

  it('coalesces 10 changes in 2 s into one card update', async () => {
    const id = await newTalep('Flaky keyboard');
    const card = await h.slack.waitFor(() => cardOf(CHANNEL, id), 'the feed card');
    const ts = String(card.reply.ts);
    const agent = h.helpdeskAs('agent');
    for (let n = 0; n < 10; n += 1) {
      await agent.updateTalep({ id, subject: `Flaky keyboard (${n})` });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await agent.updateTalep({ id, priority: 1 });
    await h.slack.waitFor(() => h.slack.callsTo('chat.update').find((call) => call.args.ts === ts), 'the card update');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(h.slack.callsTo('chat.update').filter((call) => call.args.ts === ts)).toHaveLength(1);
    expect(postsIn(CHANNEL).filter((call) => call.args.thread_ts === ts)).toHaveLength(1);
  });

  it('never shows a ForTechsOnly comment in the channel', async () => {
    const id = await newTalep('Server room door');
    const card = await h.slack.waitFor(() => cardOf(CHANNEL, id), 'the feed card');
    const ts = String(card.reply.ts);
    await h.helpdeskAs('agent').addComment({ id, body: 'SECRET-internal-note', forTechsOnly: true });
    await h.helpdeskAs('agent').addComment({ id, body: 'We are on it' });
    await h.slack.waitFor(() => postsIn(CHANNEL).find((call) => call.args.thread_ts === ts && json(call.args).includes('We are on it')), 'the public comment');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const channelText = json([...postsIn(CHANNEL), ...h.slack.callsTo('chat.update').filter((call) => call.args.channel === CHANNEL)].map((call) => call.args));
    expect(channelText).not.toContain('SECRET-internal-note');
  });

  it("a feed card's thread is the talep's conversation: a help-desk comment appears there once, a reply there becomes a comment as the replier", async () => {
    const id = await newTalep('Badge reader beeps');
    const card = await h.slack.waitFor(() => cardOf(CHANNEL, id), 'the feed card');
    const ts = String(card.reply.ts);
    await h.helpdeskAs('agent').addComment({ id, body: 'Replaced the reader battery' });
    await h.slack.waitFor(() => postsIn(CHANNEL).find((call) => call.args.thread_ts === ts && json(call.args).includes('Replaced the reader battery')), 'the comment in the thread');
    await new Promise((resolve) => setTimeout(resolve, 800));
    // Thread sync says the comment (in full); the feed's own change reply leaves it out.
    expect(postsIn(CHANNEL).filter((call) => call.args.thread_ts === ts && json(call.args).includes('Replaced the reader battery'))).toHaveLength(1);

    const replyTs = `${Math.floor(Date.now() / 1000)}.000777`;
    await h.send.event({ type: 'message', channel: CHANNEL, channel_type: 'channel', user: people.agent.userId, text: 'It beeps again since this morning', ts: replyTs, event_ts: replyTs, thread_ts: ts });
    await until(async () => (await h.helpdeskAs('admin').comments({ id })).some((comment) => comment.Body.includes('It beeps again')), 'the reply as a comment');
    const comment = (await h.helpdeskAs('admin').comments({ id })).find((each) => each.Body.includes('It beeps again'));
    expect(comment?.UserName).toBe(people.agent.username);
  });

  it('leaves out taleps outside the feed scope', async () => {
    const id = await newTalep('Software licence', { categoryId: 2 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(cardOf(CHANNEL, id)).toBeUndefined();
  });
});

describe('the webhook', () => {
  it('refuses a missing or wrong secret with 401', async () => {
    const none = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"TalepID":1}' });
    expect(none.status).toBe(401);
    const wrong = await fetch(`${webhookUrl()}?secret=nope`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"TalepID":1}' });
    expect(wrong.status).toBe(401);
    const header = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-helpdesk-secret': WEBHOOK_SECRET }, body: '{"TalepID":1}' });
    expect(header.status).toBe(202);
  });

  it('a forged hint with the right secret cannot put false data into Slack', async () => {
    const id = await newTalep('Real subject');
    const card = await h.slack.waitFor(() => cardOf(CHANNEL, id), 'the feed card');
    const before = h.slack.calls.length;
    const forged = await fetch(`${webhookUrl()}?secret=${WEBHOOK_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TalepID: id, Event: 'closed', Status: 'Closed', Subject: 'FORGED' }),
    });
    expect(forged.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 700));
    // Nothing changed in the help desk: nothing is posted or updated, and "FORGED" appears nowhere.
    const after = h.slack.calls.slice(before).filter((call) => call.args.channel === CHANNEL);
    expect(after).toHaveLength(0);
    expect(json(card.args)).not.toContain('FORGED');
    const garbage = await fetch(`${webhookUrl()}?secret=${WEBHOOK_SECRET}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nothing":true' });
    expect(garbage.status).toBe(400);
    const huge = await fetch(`${webhookUrl()}?secret=${WEBHOOK_SECRET}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(64 * 1024) });
    expect(huge.status).toBe(413);
  });
});

describe('personal DMs', () => {
  const dmsTo = (userId: string) => h.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === userId);

  it('DMs the assignee on assignment, with Mute', async () => {
    const id = await newTalep('Laptop battery', { categoryId: 2 });
    const mark = dmsTo(people.agent2.userId).length;
    await h.helpdeskAs('admin').updateTalep({ id, assignedUserId: 3 });
    const dm = await h.slack.waitFor(() => dmsTo(people.agent2.userId).slice(mark).find((call) => json(call.args).includes(`#${id}`)), 'the assignment DM');
    expect(json(dm.args.blocks)).toContain('Assigned to');
    expect(json(dm.args.blocks)).toContain('notify_mute');
  });

  it('DMs the submitter on a new public comment, and not after Mute', async () => {
    const id = await newTalep('Monitor flickers');
    // Creating it made the bot note the talep as this person sees it; changes are told from there.
    await until(async () => (await h.services.stores.notify.personal('T1', people.user.userId, id)) !== undefined, 'the talep noted for the submitter');
    await h.helpdeskAs('agent').updateTalep({ id, statusId: 2 });
    await h.slack.waitFor(() => dmsTo(people.user.userId).find((call) => json(call.args).includes(`#${id}`)), 'the status DM');
    await h.helpdeskAs('agent').addComment({ id, body: 'Try another cable please' });
    const dm = await h.slack.waitFor(() => dmsTo(people.user.userId).find((call) => json(call.args).includes('Try another cable')), 'the comment DM');
    expect(json(dm.args.blocks)).toContain(`#${id}`);
    await h.send.blockAction(h.as('user', 'DUSER'), { action_id: 'notify_mute', value: String(id) }, { message: { ts: String(dm.reply.ts) }, ephemeral: false });
    await until(async () => (await h.services.stores.notify.prefs('T1', people.user.userId)).muted.includes(id), 'muted');
    const mark = dmsTo(people.user.userId).length;
    await h.helpdeskAs('agent').addComment({ id, body: 'Second reply nobody should be told about' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(json(dmsTo(people.user.userId).slice(mark))).not.toContain('Second reply');
  });

  it('DMs before the due date', async () => {
    const id = await newTalep('Contract renewal');
    await h.helpdeskAs('admin').updateTalep({ id, assignedUserId: 2, dueDate: new Date(Date.now() + 3 * 3_600_000) });
    const dm = await h.slack.waitFor(() => dmsTo(people.agent.userId).find((call) => json(call.args).includes(`#${id}`) && json(call.args).includes('Due')), 'the due DM');
    expect(json(dm.args.blocks)).toContain(':alarm_clock:');
  });
});

describe('App Home work queue', () => {
  const homeOf = async (person: 'user' | 'agent' | 'agent2' | 'admin') => {
    const before = h.slack.callsTo('views.publish').length;
    await h.send.event({ type: 'app_home_opened', user: people[person].userId, channel: 'D1', tab: 'home' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.publish').slice(before).find((c) => c.args.user_id === people[person].userId), 'views.publish');
    return call.args.view as { blocks: unknown[] };
  };

  it('shows a user their open taleps with Show and Close, and the settings', async () => {
    const view = await homeOf('user');
    const text = json(view.blocks);
    expect(text).toContain('Work queue');
    expect(text).toContain('My open taleps');
    expect(text).not.toContain('Unassigned in my categories');
    expect(text).toContain(SharedActions.showTalep);
    expect(text).toContain(TalepCardIds.close);
    expect(text).toContain('notify_home_kinds');
    expect(view.blocks.length).toBeLessThanOrEqual(100);
  });

  it('publishes with the hash of the last view, and again when an event touches the person', async () => {
    const before = h.slack.callsTo('views.publish').length;
    // An event about the person's talep: their Home tab (shown before) is rebuilt.
    const id = await newTalep('Home refresh check');
    await h.helpdeskAs('agent').updateTalep({ id, statusId: 2 });
    await h.slack.waitFor(
      () => h.slack.callsTo('views.publish').slice(before).find((call) => call.args.user_id === people.user.userId && json(call.args.view).includes(`#${id}`)),
      'the refreshed Home tab',
    );
    // Each publish carries the hash Slack gave the one before it, so an older view never overwrites a newer one.
    const publishes = h.slack.callsTo('views.publish').filter((call) => call.args.user_id === people.user.userId);
    expect(publishes.length).toBeGreaterThanOrEqual(2);
    for (let n = 1; n < publishes.length; n += 1) {
      expect(publishes[n]!.args.hash).toBe((publishes[n - 1]!.reply.view as { hash?: string }).hash);
    }
  });

  it('keeps the notification settings pressed on the Home tab', async () => {
    const home = { view: { id: 'V-home', type: 'home' } };
    await h.send.blockAction(h.as('user'), { action_id: 'notify_home_kinds', type: 'checkboxes', selected_options: [{ value: 'assigned' }, { value: 'due' }] }, home);
    await h.send.blockAction(h.as('user'), { action_id: 'notify_home_quiet', type: 'static_select', selected_option: { value: '22-7' } }, home);
    await h.send.blockAction(h.as('user'), { action_id: 'notify_home_digest', type: 'checkboxes', selected_options: [{ value: 'digest' }] }, home);
    await until(async () => (await h.services.stores.notify.prefs('T1', people.user.userId)).digestOnly, 'the settings saved');
    const prefs = await h.services.stores.notify.prefs('T1', people.user.userId);
    expect(prefs.kinds).toEqual({ assigned: true, comment: false, status: false, due: true });
    expect(prefs.quietHours).toEqual({ from: 22, to: 7 });
    // Digest only: a change is held for the digest, not sent as its own DM.
    const id = await newTalep('Held for the digest');
    await until(async () => (await h.services.stores.notify.personal('T1', people.user.userId, id)) !== undefined, 'the talep noted');
    await h.services.stores.notify.savePrefs('T1', people.user.userId, { ...prefs, kinds: { ...prefs.kinds, status: true } });
    const mark = h.slack.callsTo('chat.postMessage').length;
    await h.helpdeskAs('agent').updateTalep({ id, statusId: 2 });
    await until(async () => (await h.services.stores.notify.digestOwners()).some((owner) => owner.userId === people.user.userId), 'the held line');
    expect(json(h.slack.callsTo('chat.postMessage').slice(mark).filter((call) => call.args.channel === people.user.userId))).not.toContain(`#${id}`);
    await h.services.stores.notify.savePrefs('T1', people.user.userId, { kinds: { assigned: true, comment: true, status: true, due: true }, digestOnly: false, muted: [] });
  });

  it("lists an agent's unassigned taleps of their own categories only", async () => {
    const software = await newTalep('Unassigned software question', { categoryId: 2 });
    const hardware = await newTalep('Unassigned hardware question', { categoryId: 1 });
    const view = await homeOf('agent2');
    const text = json(view.blocks);
    expect(text).toContain(`|#${software}>`);
    expect(text).not.toContain(`|#${hardware}>`);
  });

  it('shows an agent and an admin their queues with counts and Assign to me', async () => {
    for (const person of ['agent', 'admin'] as const) {
      const view = await homeOf(person);
      const text = json(view.blocks);
      expect(text).toContain('Assigned to me');
      expect(text).toContain('Unassigned in my categories');
      expect(text).toContain(TalepCardIds.assignToMe);
      expect(view.blocks.length).toBeLessThanOrEqual(100);
    }
  });
});

describe('a token the help desk refuses', () => {
  it('pauses the feed that reads with it, and its owner gets one DM', async () => {
    const channel = 'CFEED2';
    await slashAnswer(h, 'agent2', `feed <#${channel}> category:software`);
    const first = await newTalep('Licence server down', { categoryId: 2 });
    await h.slack.waitFor(() => cardOf(channel, first), 'the feed card');
    // The token is revoked in the help desk: the stored one no longer works.
    const stored = (await h.services.stores.accounts.get('T1', people.agent2.userId))!;
    await h.services.stores.accounts.link('T1', people.agent2.userId, 'revoked-token', stored);
    const dms = () => h.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === people.agent2.userId && json(call.args).includes('refused your saved token'));
    await h.helpdeskAs('agent').addComment({ id: first, body: 'First change after the revocation' });
    // Generous: on a loaded machine the refusal goes through the coalescing, the read and the pacer first.
    await h.slack.waitFor(() => dms()[0], 'the reconnect DM', 20_000);
    const second = await newTalep('Another software problem', { categoryId: 2 });
    await h.helpdeskAs('agent').addComment({ id: first, body: 'Second change after the revocation' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(dms()).toHaveLength(1);
    expect(cardOf(channel, second)).toBeUndefined();
    expect(json(postsIn(channel))).not.toContain('after the revocation');
    expect((await h.services.stores.notify.feeds('T1')).find((feed) => feed.channelId === channel)?.pausedAt).toBeDefined();
    // Reconnecting resumes the feed.
    await h.link('agent2');
    await h.helpdeskAs('agent').addComment({ id: first, body: 'Third change, after the reconnect' });
    await h.slack.waitFor(() => postsIn(channel).find((call) => json(call.args).includes('Third change')), 'the resumed feed');
  }, 45_000);
});
