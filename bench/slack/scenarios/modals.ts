/**
 * Modals for 50 users at once, each side in a fresh process (talep-bot just started: cold):
 *   - `views.open` p99 for `/talep new` and for the "Open a talep" message shortcut (50 distinct
 *     messages), from the request to the `views.open` reaching Slack, against a bare Bolt app that
 *     acks and opens a modal;
 *   - the new-talep form "filled in": from `/talep new` to the `views.update` that shows the loaded
 *     form (its category select), with the help desk answering each call after 2 s.
 */
import { NewTalepIds } from '../../../src/views/new-talep/ids.js';
import { ShortcutIds } from '../../../src/commands/message-shortcuts/shortcut-ids.js';
import type { ProcessUnderTest } from '../child-process.js';
import { countOperations } from '../delaying-proxy.js';
import type { BenchUser } from '../fixture.js';
import { allAtOnce, type TimedRequest } from '../load.js';
import { type Scenario, type ScenarioContext, waitUntil } from '../scenario.js';
import { firstViewUpdates, viewsOpenedByTrigger } from '../slack-messages.js';
import { censoredPercentile, type Figure } from '../stats.js';
import type { World } from '../world.js';

const OPEN_TIMEOUT_MS = 30_000;

type Kind = 'new' | 'shortcut';

function send(world: World, child: ProcessUnderTest, users: readonly BenchUser[], kind: Kind): Promise<TimedRequest[]> {
  const sender = world.sender(child);
  return allAtOnce(users.length, (i) => {
    const user = users[i] as BenchUser;
    if (kind === 'new') return sender.slash(world.actor(user), 'new');
    const author = users[(i + 1) % users.length] as BenchUser;
    return sender.messageShortcut(world.actor(user), ShortcutIds.openTalep, {
      ts: `1700000100.${String(i).padStart(6, '0')}`,
      user: author.slackUserId,
      text: `The printer on floor ${i % 7} jams again, <@${user.slackUserId}> saw it too.\nTray 2 is empty.`,
    });
  });
}

interface Opened {
  sent: TimedRequest[];
  /** ms from each request to its `views.open`; undefined: none within the timeout. */
  openMs: (number | undefined)[];
  viewIds: (string | undefined)[];
}

async function openAll(world: World, child: ProcessUnderTest, users: readonly BenchUser[], kind: Kind): Promise<Opened> {
  const sent = await send(world, child, users, kind);
  const triggers = sent.map((request) => request.triggerId);
  await waitUntil(() => {
    const opened = viewsOpenedByTrigger(world.slack.calls);
    return triggers.every((trigger) => trigger !== undefined && opened.has(trigger));
  }, OPEN_TIMEOUT_MS);
  const opened = viewsOpenedByTrigger(world.slack.calls);
  const found = sent.map((request) => (request.triggerId ? opened.get(request.triggerId) : undefined));
  return {
    sent,
    openMs: found.map((view, i) => (view ? view.at - (sent[i] as TimedRequest).sentAt : undefined)),
    viewIds: found.map((view) => view?.viewId),
  };
}

const showsTheForm = (blocks: unknown[]) =>
  blocks.some((block) => typeof block === 'object' && block !== null && (block as { block_id?: unknown }).block_id === NewTalepIds.category.block);

async function filledIn(world: World, opened: Opened, timeoutMs: number): Promise<(number | undefined)[]> {
  const ids = opened.viewIds;
  await waitUntil(() => {
    const updated = firstViewUpdates(world.slack.calls, showsTheForm);
    return ids.every((id) => id === undefined || updated.has(id));
  }, timeoutMs, 100);
  const updated = firstViewUpdates(world.slack.calls, showsTheForm);
  return ids.map((id, i) => {
    const at = id ? updated.get(id) : undefined;
    return at === undefined ? undefined : at - (opened.sent[i] as TimedRequest).sentAt;
  });
}

async function inWorld<T>(context: ScenarioContext, name: string, work: (world: World) => Promise<T>): Promise<T> {
  const world = await context.newWorld(name);
  try {
    return await work(world);
  } finally {
    await world.close();
  }
}

const p = (durations: (number | undefined)[], percent: number, cutoff: number): Figure | undefined => censoredPercentile(durations, percent, cutoff);

export const modalsScenario: Scenario = {
  name: 'modals',
  rows: [
    {
      metric: '`views.open` p99, 50 users at once, `/talep new`',
      bot: 'open.new.p99', baseline: 'open.new.bare.p99', unit: 'ms',
      goal: { kind: 'at-most', max: 300, text: '≤ 300 ms (keep it)' },
    },
    {
      metric: '`views.open` p99, 50 users at once, "Open a talep" shortcut',
      bot: 'open.shortcut.p99', baseline: 'open.shortcut.bare.p99', unit: 'ms',
      goal: { kind: 'at-most', max: 300, text: '≤ 300 ms (keep it)' },
    },
    { metric: 'new-talep form filled in, 50 users at once, cold: p50', bot: 'form.p50', unit: 's', goal: { kind: 'none', text: '—' } },
    {
      metric: 'new-talep form filled in, 50 users at once, cold: p99',
      bot: 'form.p99', unit: 's', goal: { kind: 'at-most', max: 3_000, text: '≤ 3 s (2 s help desk)' },
    },
    {
      metric: 'new-talep forms not filled in within the time limit (of 50)',
      bot: 'form.notFilled', unit: 'count', goal: { kind: 'at-most', max: 0, text: '0' },
    },
    {
      metric: 'help-desk calls until those 50 forms were filled in (or the time limit)',
      bot: 'form.calls', unit: 'count', goal: { kind: 'none', text: 'a handful (issue)' },
    },
  ],
  async run(context) {
    const users = context.fixture.formUsers;
    const formTimeout = context.options.formTimeoutMs;

    context.log('modals: talep-bot, /talep new × 50, then waiting for the forms');
    const botNew = await inWorld(context, 'modals-bot-new', async (world) => {
      const opened = await openAll(world, await world.startBot('bot-new'), users, 'new');
      const filled = await filledIn(world, opened, formTimeout);
      return { opened, filled, helpdeskCalls: world.proxy.calls.length, byOperation: countOperations(world.proxy.calls) };
    });
    context.log('modals: talep-bot, "Open a talep" × 50');
    const botShortcut = await inWorld(context, 'modals-bot-shortcut', async (world) =>
      openAll(world, await world.startBot('bot-shortcut'), users, 'shortcut'),
    );
    // Each side's burst goes to a process that has just started, so both pay the same warm-up.
    const bareOpen = (kind: Kind) =>
      inWorld(context, `modals-bare-${kind}`, async (world) => openAll(world, await world.startBare(`bare-${kind}`, { mode: 'modal', noop: {} }), users, kind));
    context.log('modals: bare Bolt, /talep new × 50');
    const bareNew = await bareOpen('new');
    context.log('modals: bare Bolt, "Open a talep" × 50');
    const bareShortcut = await bareOpen('shortcut');
    const bare = { new: bareNew, shortcut: bareShortcut };

    const notFilled = botNew.filled.filter((ms) => ms === undefined).length;
    return {
      figures: {
        'open.new.p99': p(botNew.opened.openMs, 99, OPEN_TIMEOUT_MS),
        'open.shortcut.p99': p(botShortcut.openMs, 99, OPEN_TIMEOUT_MS),
        'open.new.bare.p99': p(bare.new.openMs, 99, OPEN_TIMEOUT_MS),
        'open.shortcut.bare.p99': p(bare.shortcut.openMs, 99, OPEN_TIMEOUT_MS),
        'form.p50': p(botNew.filled, 50, formTimeout),
        'form.p99': p(botNew.filled, 99, formTimeout),
        'form.notFilled': { value: notFilled },
        'form.calls': { value: botNew.helpdeskCalls },
      },
      details: {
        formsNotFilledWithinMs: { timeoutMs: formTimeout, count: notFilled },
        formMs: botNew.filled,
        helpdeskCallsByOperation: botNew.byOperation,
        notOpened: {
          botNew: botNew.opened.openMs.filter((ms) => ms === undefined).length,
          botShortcut: botShortcut.openMs.filter((ms) => ms === undefined).length,
          bareNew: bare.new.openMs.filter((ms) => ms === undefined).length,
          bareShortcut: bare.shortcut.openMs.filter((ms) => ms === undefined).length,
        },
      },
    };
  },
};
