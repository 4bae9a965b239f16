/**
 * Help-desk calls per action, counted at the proxy, as the seed's agent on talep 2 (a regular user's
 * talep with comments, a subscriber and a tracker link) in a freshly started talep-bot (its change
 * poller off, so only the actions' own calls are counted):
 *   show (cold: right after start) → show (warm) → `comment 2 <text>` → `close 2` + the Confirm button.
 * An action ends when its answer reached the response_url and the proxy has been idle for 1 s, so
 * follow-up calls made after the answer are counted too.
 */
import { CloseIds } from '../../../src/views/talep-work/close.js';
import { countOperations, type ProxiedCall } from '../delaying-proxy.js';
import type { BenchSlackRequests } from '../load.js';
import { type Scenario, waitUntil } from '../scenario.js';
import { elementsOf, isQueuedNotice, type TimedPost } from '../slack-messages.js';
import type { World } from '../world.js';

const TALEP_ID = 2;
const ANSWER_TIMEOUT_MS = 60_000;
const IDLE_MS = 1_000;

interface Counted {
  calls: number;
  operations: Record<string, number>;
  ms: number;
}

/** The first post to `responseUrl` after the first `skip` ones that is not a "queued" notice. */
async function answerOn(world: World, responseUrl: string | undefined, skip = 0): Promise<TimedPost> {
  if (!responseUrl) throw new Error('the request carried no response_url');
  const id = responseUrl.split('/').pop();
  let answer: TimedPost | undefined;
  const arrived = await waitUntil(() => {
    const posts = world.slack.responsePosts.filter((post) => post.id === id).slice(skip);
    answer = posts.find((post) => !isQueuedNotice(post.body));
    return answer !== undefined;
  }, ANSWER_TIMEOUT_MS);
  if (!arrived || !answer) throw new Error(`no answer on ${responseUrl} within ${ANSWER_TIMEOUT_MS} ms`);
  return answer;
}

async function counted(world: World, action: () => Promise<void>): Promise<Counted> {
  const mark = world.proxy.calls.length;
  const started = Date.now();
  await action();
  await world.proxy.waitIdle(IDLE_MS, ANSWER_TIMEOUT_MS);
  const calls: ProxiedCall[] = world.proxy.callsSince(mark);
  return { calls: calls.length, operations: countOperations(calls), ms: Date.now() - started };
}

async function closeWithConfirm(world: World, sender: BenchSlackRequests): Promise<void> {
  const actor = world.actor(world.fixture.agent);
  const asked = await sender.slash(actor, `close ${TALEP_ID}`);
  const confirmation = await answerOn(world, asked.responseUrl);
  const confirm = elementsOf(confirmation.body).find((element) => element.action_id === CloseIds.confirm);
  if (!confirm) throw new Error(`the close confirmation has no Confirm button: ${JSON.stringify(confirmation.body).slice(0, 300)}`);
  const pressed = await sender.blockAction(
    actor,
    { action_id: CloseIds.confirm, value: String(confirm.value ?? TALEP_ID), type: 'button' },
    // A message Slack shows always has a ts (the kernel checks it); a response_url post's body has none.
    { message: { ts: '1700000000.000001', ...confirmation.body } },
  );
  await answerOn(world, pressed.responseUrl);
}

export const callsScenario: Scenario = {
  name: 'calls',
  rows: [
    { metric: 'help-desk calls, `show` as agent, cold', bot: 'calls.show.cold', unit: 'count', goal: { kind: 'at-most', max: 2, text: '2 cold' } },
    { metric: 'help-desk calls, `show` as agent, warm', bot: 'calls.show.warm', unit: 'count', goal: { kind: 'at-most', max: 1, text: '1 warm' } },
    { metric: 'help-desk calls, `comment <id> <text>`', bot: 'calls.comment', unit: 'count', goal: { kind: 'at-most', max: 2, text: '2' } },
    { metric: 'help-desk calls, `close <id>` + Confirm', bot: 'calls.close', unit: 'count', goal: { kind: 'at-most', max: 2, text: '2' } },
  ],
  async run(context) {
    const world = await context.newWorld('calls');
    try {
      // The change poller (NOTIFY_POLL, issue 14) searches the help desk in the background on its own
      // budget share; it is off here so the counts are the actions' own calls (the notify scenario
      // measures the poller).
      const child = await world.startBot('bot-calls', { NOTIFY_POLL: 'off' });
      const sender = world.sender(child);
      const actor = world.actor(context.fixture.agent);
      const show = async () => {
        await answerOn(world, (await sender.slash(actor, `show ${TALEP_ID}`)).responseUrl);
      };
      context.log('calls: show (cold), show (warm), comment, close');
      const cold = await counted(world, show);
      const warm = await counted(world, show);
      const comment = await counted(world, async () => {
        await answerOn(world, (await sender.slash(actor, `comment ${TALEP_ID} Bench: the gateway certificate was renewed.`)).responseUrl);
      });
      const close = await counted(world, () => closeWithConfirm(world, sender));
      return {
        figures: {
          'calls.show.cold': { value: cold.calls },
          'calls.show.warm': { value: warm.calls },
          'calls.comment': { value: comment.calls },
          'calls.close': { value: close.calls },
        },
        details: { showCold: cold, showWarm: warm, comment, close },
      };
    } finally {
      await world.close();
    }
  },
};
