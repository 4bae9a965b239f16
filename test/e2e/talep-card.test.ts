/**
 * The talep card end to end: `/talep show`, the shared `talep_show` button, Share in channel, Subscribe,
 * and the errors (unknown id, someone else's talep, parse errors, unlinked user).
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { TalepCardIds } from '../../src/views/talep-card/ids.js';
import { actionIdsOf, elementsOf, json, type Post, pressAnswer, slashAnswer } from '../support/e2e.js';
import { type Person, people } from '../support/harness.js';

const h = useHarness();

const slash = (person: Person, text: string) => slashAnswer(h, person, text);
/** Presses a card element (in an ephemeral card unless `ephemeral` is false) and waits for the answer. */
const press = (person: Person, action: Record<string, unknown> & { action_id: string }, ephemeral = true) =>
  pressAnswer(h, person, action, {}, { ephemeral });
const elements = (post: Post) => elementsOf(post);

describe('/talep show', () => {
  it('shows an agent the card ephemerally, with agents-only comments marked', async () => {
    const { post } = await slash('agent', 'show 2');
    expect(post.response_type).toBe('ephemeral');
    expect(post.replace_original).toBe(false);
    const all = json(post);
    expect(all).toContain('Cannot connect to the VPN from home');
    expect(all).toContain('Gateway certificate expired'); // ForTechsOnly comment 3
    expect(all).toContain(':lock: _agents only_');
    expect(all).toContain('error-809.png');
    expect(actionIdsOf(post)).toEqual(
      expect.arrayContaining([TalepCardIds.comment, TalepCardIds.close, TalepCardIds.change, TalepCardIds.share, TalepCardIds.openLink]),
    );
    // Talep 2 is already assigned to the agent.
    expect(actionIdsOf(post)).not.toContain(TalepCardIds.assignToMe);
    const open = elements(post).find((element) => element.action_id === TalepCardIds.openLink);
    expect(open?.url).toBe(`${h.sandbox.baseUrl.replace(/\/api$/, '')}/Talep/2`);
  });

  it('shows the submitter their own talep without agents-only comments or agent buttons', async () => {
    const { post } = await slash('user', 'show 2');
    const all = json(post);
    expect(all).toContain('Attached. It says error 809.');
    expect(all).not.toContain('Gateway certificate expired');
    expect(all).not.toContain('agents only');
    expect(actionIdsOf(post)).toEqual(expect.arrayContaining([TalepCardIds.close, TalepCardIds.share]));
    for (const hidden of [TalepCardIds.comment, TalepCardIds.assignToMe, TalepCardIds.change, TalepCardIds.subscribe]) {
      expect(actionIdsOf(post)).not.toContain(hidden);
    }
  });

  it('names a custom priority from the priorities list', async () => {
    const { post } = await slash('agent', 'show 9'); // priority 10 = "VIP"
    expect(json(post)).toContain('VIP');
  });

  it('offers Comment and Assign to me only to agents of the category', async () => {
    const hardware = await slash('agent2', 'show 1'); // agent2 works in Software only
    expect(actionIdsOf(hardware.post)).not.toContain(TalepCardIds.comment);
    expect(actionIdsOf(hardware.post)).not.toContain(TalepCardIds.assignToMe);
    expect(actionIdsOf(hardware.post)).toContain(TalepCardIds.change);
    const software = await slash('agent2', 'show 5'); // Software, unassigned
    expect(actionIdsOf(software.post)).toEqual(expect.arrayContaining([TalepCardIds.comment, TalepCardIds.assignToMe]));
  });

  it('says so when the talep does not exist', async () => {
    const { post } = await slash('agent', 'show 999');
    expect(post.text).toBe(':mag: Talep #999 was not found.');
  });

  it("refuses a regular user someone else's talep", async () => {
    const { post } = await slash('user', 'show 5'); // submitted by agent2
    expect(post.text).toContain('Talep #5 belongs to someone else');
    expect(json(post)).not.toContain('licence');
  });

  it('answers a typo with the usage', async () => {
    const { post } = await slash('agent', 'show printer');
    expect(post.text).toContain('Usage: `/talep show <id>`');
  });

  it('asks an unlinked user to connect', async () => {
    const { post } = await slash('stranger', 'show 1');
    expect(json(post)).toContain('account_connect_open');
  });
});

describe('the talep_show button', () => {
  it('posts a new ephemeral card (the list it came from stays)', async () => {
    const { post } = await press('agent', { action_id: SharedActions.showTalep, value: '3' });
    expect(post.response_type).toBe('ephemeral');
    expect(post.replace_original).toBe(false);
    expect(json(post)).toContain('Excel crashes when opening large files');
    expect(json(post)).toContain('Reproduced on the test VM'); // agents-only, ephemeral: shown
  });

  it('from a modal sends the card to the app DM, without agents-only comments', async () => {
    const before = h.slack.callsTo('chat.postMessage').length;
    await h.send.blockAction(h.as('agent'), { action_id: SharedActions.showTalep, value: '3' }, { view: { id: 'V-modal' } });
    const call = await h.slack.waitFor(() => h.slack.callsTo('chat.postMessage')[before]);
    expect(call.args.channel).toBe(people.agent.userId);
    expect(JSON.stringify(call.args)).toContain('Excel crashes');
    expect(JSON.stringify(call.args)).not.toContain('Reproduced on the test VM');
  });
});

describe('Share in channel', () => {
  it('posts a public card without agents-only comments or attachments, naming who shared it', async () => {
    const before = h.slack.callsTo('chat.postMessage').length;
    const { post } = await press('agent', { action_id: TalepCardIds.share, value: '2' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('chat.postMessage')[before]);
    expect(call.args.channel).toBe('C1');
    const shared = JSON.stringify(call.args);
    expect(shared).toContain('Cannot connect to the VPN from home');
    expect(shared).toContain(`Shared by <@${people.agent.userId}>`);
    expect(shared).toContain('Attached. It says error 809.');
    expect(shared).not.toContain('Gateway certificate expired');
    expect(shared).not.toContain('gateway-cert.txt'); // attached to the agents-only comment
    expect(shared).not.toContain(TalepCardIds.close);
    expect(shared).toContain(SharedActions.showTalep);
    // The sharer's card is re-rendered in place and says where it went.
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('Shared in <#C1>');
  });

  it("lets a regular user share their own talep but not another's", async () => {
    const before = h.slack.callsTo('chat.postMessage').length;
    await press('user', { action_id: TalepCardIds.share, value: '1' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('chat.postMessage')[before]);
    expect(JSON.stringify(call.args)).toContain('Printer on the 3rd floor');

    const refused = await press('user', { action_id: TalepCardIds.share, value: '5' });
    expect(refused.post.text).toContain('Talep #5 belongs to someone else');
    expect(h.slack.callsTo('chat.postMessage')).toHaveLength(before + 1);
  });

  it('tells the user when the app cannot post in the channel', async () => {
    h.slack.fail.set('chat.postMessage', 'not_in_channel');
    try {
      const { post } = await press('agent', { action_id: TalepCardIds.share, value: '1' });
      expect(post.text).toContain('Invite me');
      expect(post.replace_original).toBe(false);
    } finally {
      h.slack.fail.delete('chat.postMessage');
    }
  });
});

describe('Subscribe', () => {
  it('subscribes the viewer and re-renders the card with Unsubscribe', async () => {
    const { post } = await press('agent', { action_id: TalepCardIds.subscribe, value: '1' });
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('Subscribed');
    expect(actionIdsOf(post)).toContain(TalepCardIds.unsubscribe);
    const subscribers = await h.helpdeskAs('admin').subscribers({ id: 1 });
    expect(subscribers.map((user) => user.UserID)).toContain(SeedIds.users.agent);

    const again = await press('agent', { action_id: TalepCardIds.unsubscribe, value: '1' });
    expect(actionIdsOf(again.post)).toContain(TalepCardIds.subscribe);
    const after = await h.helpdeskAs('admin').subscribers({ id: 1 });
    expect(after.map((user) => user.UserID)).not.toContain(SeedIds.users.agent);
  });

  it('keeps the card and answers separately when the help desk refuses', async () => {
    const { post } = await press('agent', { action_id: TalepCardIds.subscribe, value: '998' });
    expect(post.replace_original).toBe(false);
    expect(post.text).toBe(':mag: Talep #998 was not found.');
  });
});
