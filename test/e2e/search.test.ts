import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { CONNECT_ACTION } from '../../src/views/kit/notices.js';
import { SearchIds } from '../../src/views/search/results.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { elementsOf, json, type Post, pressAnswer, slashAnswer } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

/** Taleps created for paging: more than one page of results for the word "zebraprobe". */
const probeIds: number[] = [];

const h = useHarness({}, async (started) => {
  const agent = started.helpdeskAs('agent');
  for (let index = 1; index <= 12; index += 1) {
    const { id } = await agent.createTalep({
      categoryId: SeedIds.categories.hardware,
      subject: `Zebraprobe label printer ${index}`,
      body: 'Created by the search e2e test.',
      priorityId: 0,
    });
    probeIds.push(id);
  }
});


const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true })).post;
const press = async (person: Person, button: { action_id?: string; value?: string }) =>
  (await pressAnswer(h, person, { action_id: button.action_id ?? '', value: button.value }, { status: true }, { ephemeral: true })).post;
const buttons = (posted: Post) => elementsOf(posted);

const shownIds = (posted: Post) =>
  buttons(posted).filter((button) => button.action_id === SharedActions.showTalep).map((button) => Number(button.value));
const pagingButton = (posted: Post, actionId: string) => buttons(posted).find((button) => button.action_id === actionId);

describe('/talep search', () => {
  it('finds seeded taleps by subject and by body words, ephemerally, with a Show button per talep', async () => {
    const bySubject = await slash('agent', 'search jamming');
    expect(bySubject.response_type).toBe('ephemeral');
    expect(shownIds(bySubject)).toEqual([1]);
    expect(json(bySubject)).toContain('*1 talep* match “jamming”');
    expect(json(bySubject)).toContain('Printer on the 3rd floor keeps jamming');

    const byBody = await slash('agent', 'search error 809');
    expect(shownIds(byBody)).toEqual([2]);
  });

  it('narrows by status and category filters', async () => {
    expect(shownIds(await slash('agent', 'search status:closed')).sort((a, b) => a - b)).toEqual([4, 10]);
    expect(shownIds(await slash('agent', 'search category:network')).sort((a, b) => a - b)).toEqual([2, 6, 7, 8]);
    const both = await slash('agent', 'search category:Network status:new');
    expect(shownIds(both).sort((a, b) => a - b)).toEqual([6, 8]);
    expect(json(both)).toContain('*2 taleps* match status: new  ·  category: Network');
  });

  it('filters by assignee (a mention, or nobody) and by creation date', async () => {
    const agent2 = await slash('agent', 'search assignee:<@UAGENT2|agent2>');
    expect(shownIds(agent2).sort((a, b) => a - b)).toEqual([3, 10]);
    expect(json(agent2)).toContain('assignee: <@UAGENT2>');
    expect(shownIds(await slash('agent', 'search category:Network assignee:none'))).toEqual([8]);
    // Seeded Network taleps: #2 on 2026-01-06, #6–#8 on 2026-01-10.
    expect(shownIds(await slash('agent', 'search category:Network from:2026-01-10')).sort((a, b) => a - b)).toEqual([6, 7, 8]);
    expect(shownIds(await slash('agent', 'search category:Network to:2026-01-09'))).toEqual([2]);
  });

  it('pages ten at a time; Next and Previous replace the message in place', async () => {
    const first = await slash('agent', 'search zebraprobe');
    expect(json(first)).toContain('*12 taleps* match “zebraprobe”');
    const firstIds = shownIds(first);
    expect(firstIds).toHaveLength(10);
    expect(pagingButton(first, SearchIds.previousPage)).toBeUndefined();
    const next = pagingButton(first, SearchIds.nextPage);
    expect(next?.value?.length).toBeLessThanOrEqual(2000);

    const second = await press('agent', next ?? {});
    expect(second.replace_original).toBe(true);
    expect(second.response_type).toBe('ephemeral');
    const secondIds = shownIds(second);
    expect(secondIds).toHaveLength(2);
    expect([...firstIds, ...secondIds].sort((a, b) => a - b)).toEqual(probeIds);
    expect(pagingButton(second, SearchIds.nextPage)).toBeUndefined();

    const back = await press('agent', pagingButton(second, SearchIds.previousPage) ?? {});
    expect(back.replace_original).toBe(true);
    expect(shownIds(back)).toEqual(firstIds);
  });

  it('runs the search again when the cached results are gone', async () => {
    const value = JSON.stringify({ k: 'expired-key', p: 1, t: 'zebraprobe' });
    const page = await press('agent', { action_id: SearchIds.nextPage, value });
    expect(page.replace_original).toBe(true);
    expect(shownIds(page)).toHaveLength(2);
  });

  it('does not serve one user’s cached results to another', async () => {
    const first = await slash('agent', 'search zebraprobe');
    const next = pagingButton(first, SearchIds.nextPage);
    // The regular user pressing the agent's button gets their own (empty) search, not the agent's matches.
    const page = await press('user', next ?? {});
    expect(shownIds(page)).toEqual([]);
    expect(json(page)).toContain('Search finds only taleps you submitted');
  });

  it('shows regular users only their own taleps', async () => {
    const mine = await slash('user', 'search status:open,closed');
    expect(shownIds(mine).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 9, 10]);
    expect(shownIds(await slash('user', 'search zebraprobe'))).toEqual([]);
  });

  it('explains an unknown filter', async () => {
    const posted = await slash('agent', 'search printer foo:bar');
    expect(posted.response_type).toBe('ephemeral');
    expect(String(posted.text)).toContain('Unknown filter `foo:` — use status:, category:, assignee:, by:, from:, to:');
    expect(String(posted.text)).toContain('Usage: `/talep search');
  });

  it('explains a category or a person that cannot be found', async () => {
    expect(String((await slash('agent', 'search category:Printers')).text)).toContain('No category “Printers”. Your categories: Hardware');
    // What was typed comes back escaped: it can never become a link or a mention.
    expect(String((await slash('agent', 'search category:&lt;!here&gt;')).text)).toContain('No category “&lt;!here&gt;”');
    expect(String((await slash('agent', 'search assignee:<@USTRANGER|stranger>')).text)).toContain(
      "No help-desk user has <@USTRANGER>'s e-mail",
    );
  });

  it('asks an unlinked user to connect', async () => {
    const posted = await slash('stranger', 'search printer');
    expect(buttons(posted).map((button) => button.action_id)).toContain(CONNECT_ACTION);
  });
});

describe('/talep mine', () => {
  it('shows agents their open assigned taleps and what they submitted', async () => {
    const posted = await slash('agent', 'mine');
    expect(posted.response_type).toBe('ephemeral');
    const text = json(posted);
    expect(text).toContain('*Assigned to you, open* (3)');
    expect(text).toContain('*Submitted by you* (12)');
    const ids = shownIds(posted);
    // Assigned and open: #2, #6, #7 (#4 is closed); then ten of the twelve probes the agent submitted.
    expect(ids.slice(0, 3).sort((a, b) => a - b)).toEqual([2, 6, 7]);
    expect(ids.slice(3)).toHaveLength(10);
    expect(text).toContain('Showing 10 of 12');
  });

  it('shows regular users only what they submitted, open ones first', async () => {
    const posted = await slash('user', 'mine');
    expect(json(posted)).not.toContain('Assigned to you');
    expect(json(posted)).toContain('*Submitted by you* (6, 4 open)');
    // Newest first within each group: open #9, #3, #2, #1, then closed #10, #4.
    expect(shownIds(posted)).toEqual([9, 3, 2, 1, 10, 4]);
  });

  it('answers the App Home "My taleps" button in the app’s Messages tab', async () => {
    const before = h.slack.callsTo('chat.postMessage').length;
    const sent = await h.send.blockAction(h.as('user'), { action_id: SharedActions.myTaleps, value: 'mine' }, {
      view: { id: 'VHOME', type: 'home' },
    });
    expect(sent.status).toBe(200);
    const call = await h.slack.waitFor(() => h.slack.callsTo('chat.postMessage')[before], 'the My taleps DM');
    expect(call.args.channel).toBe('UUSER');
    expect(JSON.stringify(call.args.blocks)).toContain('Submitted by you');
  });

  it('asks an unlinked user to connect', async () => {
    const posted = await slash('stranger', 'mine');
    expect(buttons(posted).map((button) => button.action_id)).toContain(CONNECT_ACTION);
  });
});
