/**
 * Every registered action listener, from every container Slack can send it from (issue 10, finding 7:
 * "~340 listener errors after the ack"): for EVERY action id the areas register (`allAreas()`; a sample
 * id for pattern ids), a signed block action from an ephemeral message (with a response_url), an
 * ordinary message, a modal, the App Home, and with no container at all; with a plausible value (one the
 * bot itself rendered, harvested from its own cards, lists and modals) and implausible ones; as a linked
 * and as an unlinked person.
 *
 * Each gets its ack (HTTP 200); no listener error escapes (nothing at ERROR in the log, no "unexpected
 * failure", no unhandled rejection); and everything the bot says is within Block Kit's limits (the Slack
 * stand-in checks every payload; the harness fails the test on a violation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAreas } from '../../src/commands/index.js';
import type { Listener } from '../../src/slack/listeners.js';
import { type InFlight, trackInFlight } from '../support/in-flight.js';
import { useHarness } from '../support/use-harness.js';
import type { Person } from '../support/harness.js';

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

const h = useHarness();
let inFlight: InFlight;
beforeAll(() => {
  process.on('unhandledRejection', onRejection);
  inFlight = trackInFlight(h);
});
afterAll(() => {
  inFlight.restore();
  process.off('unhandledRejection', onRejection);
});

// ── the registered action ids ─────────────────────────────────────────────────────────────────────

type ActionListener = Extract<Listener, { kind: 'action' }>;
const actionListeners = allAreas().flatMap((area) => (area.listeners ?? []).filter((listener): listener is ActionListener => listener.kind === 'action'));

const unescapeRegex = (text: string) => text.replace(/\\(.)/g, '$1');

/** Ids a pattern listener answers to, read from the two shapes of pattern the areas use. */
function samplesFor(pattern: RegExp): string[] {
  const row = /^\^(.+)\(\?::\\d\+\)\?\$$/.exec(pattern.source);
  if (row?.[1]) return [`${unescapeRegex(row[1])}:7`, unescapeRegex(row[1])];
  const either = /^\^\((.+)\)\$$/.exec(pattern.source);
  if (either?.[1]) return either[1].split('|').map(unescapeRegex);
  return [];
}

// ── plausible values: what the bot itself rendered ────────────────────────────────────────────────

interface Element {
  type: string;
  action_id?: string;
  value?: string;
  url?: string;
  options?: { value: string; text: unknown }[];
  option_groups?: { options: { value: string; text: unknown }[] }[];
  initial_option?: { value: string; text: unknown };
}

interface Found {
  element: Element;
  blockId: string;
  /** The view the element was in (a modal or the Home tab), to press it there. */
  view?: Record<string, unknown>;
}

function elementsIn(blocks: unknown, view?: Record<string, unknown>): Found[] {
  if (!Array.isArray(blocks)) return [];
  return (blocks as { block_id?: string; elements?: Element[]; accessory?: Element; element?: Element }[]).flatMap((block) => {
    const blockId = block.block_id ?? 'b';
    const elements = [...(Array.isArray(block.elements) ? block.elements : []), ...(block.accessory ? [block.accessory] : []), ...(block.element ? [block.element] : [])];
    return elements.filter((element) => typeof element?.action_id === 'string').map((element) => ({ element, blockId, ...(view ? { view } : {}) }));
  });
}

/** Every element in every message, ephemeral answer and view the bot sent so far. */
function harvest(): Found[] {
  const found: Found[] = [];
  for (const post of h.slack.responsePosts) found.push(...elementsIn(post.body.blocks));
  for (const call of h.slack.calls) {
    if (Array.isArray(call.args.blocks)) found.push(...elementsIn(call.args.blocks));
    const view = call.args.view as Record<string, unknown> | undefined;
    if (view && Array.isArray(view.blocks)) {
      const id = String(call.args.view_id ?? `V-harvested-${found.length}`);
      found.push(...elementsIn(view.blocks, { ...view, id, hash: 'h-harvested', state: { values: {} } }));
    }
  }
  return found;
}

const firstOption = (element: Element) => element.options?.[0] ?? element.option_groups?.[0]?.options[0] ?? element.initial_option;

/** The `actions[0]` Slack sends when `element` is used, with `value` (or the element's own). */
function pressed(element: Element, blockId: string, value?: string): Record<string, unknown> {
  const base = { type: element.type, action_id: element.action_id, block_id: blockId, action_ts: String(Date.now() / 1000) };
  const option = firstOption(element);
  const choice = (chosen: string) => ({ text: { type: 'plain_text', text: 'x' }, value: chosen });
  switch (element.type) {
    case 'static_select':
    case 'external_select':
    case 'overflow':
    case 'radio_buttons':
      return { ...base, selected_option: value !== undefined ? choice(value) : option ? { text: option.text, value: option.value } : null };
    case 'checkboxes':
    case 'multi_static_select':
      return { ...base, selected_options: [value !== undefined ? choice(value) : option].filter(Boolean) };
    case 'users_select':
      return { ...base, selected_user: value !== undefined ? 'U0NOBODY' : 'UAGENT' };
    case 'datepicker':
      return { ...base, selected_date: value !== undefined ? '1999-99-99' : '2026-12-01' };
    default:
      return { ...base, ...(value !== undefined ? { value } : element.value !== undefined ? { value: element.value } : {}) };
  }
}

// ── containers ────────────────────────────────────────────────────────────────────────────────────

type ContainerKind = 'ephemeral' | 'message' | 'modal' | 'home' | 'none';
const CONTAINERS: ContainerKind[] = ['ephemeral', 'message', 'modal', 'home', 'none'];

function payloadFor(person: Person, action: Record<string, unknown>, kind: ContainerKind, view?: Record<string, unknown>): Record<string, unknown> {
  const actor = h.as(person);
  const base = {
    type: 'block_actions',
    team: { id: 'T1', domain: 'test' },
    user: { id: actor.userId, username: actor.userId.toLowerCase(), team_id: 'T1' },
    api_app_id: 'A1',
    trigger_id: `trigger-${Date.now()}-${Math.random()}`,
    actions: [action],
  };
  const modal = view && view.type !== 'home' ? view : { id: 'V-every-modal', type: 'modal', callback_id: 'some_modal', hash: 'h1', private_metadata: '', title: { type: 'plain_text', text: 'A modal' }, state: { values: {} } };
  switch (kind) {
    case 'ephemeral':
      return { ...base, channel: { id: 'C1', name: 'helpdesk' }, container: { type: 'message', message_ts: '1700000000.000001', channel_id: 'C1', is_ephemeral: true }, response_url: h.slack.responseUrl() };
    case 'message':
      return {
        ...base,
        channel: { id: 'C1', name: 'helpdesk' },
        container: { type: 'message', message_ts: '1700000000.000002', channel_id: 'C1', is_ephemeral: false },
        message: { type: 'message', ts: '1700000000.000002', text: 'a card', user: 'UBOT' },
        response_url: h.slack.responseUrl(),
      };
    case 'modal':
      return { ...base, container: { type: 'view', view_id: modal.id }, view: modal };
    case 'home':
      return { ...base, container: { type: 'view', view_id: 'V-home' }, view: { id: 'V-home', type: 'home', hash: 'h-home', private_metadata: '', state: { values: {} } } };
    case 'none':
      return base;
  }
}

/** Values no control of the bot ever carries: a missing id, junk, markup. */
const IMPLAUSIBLE = ['999999', 'x|<!here>:-1'];

/** Errors that mean a listener failed in a way it did not handle. */
const escaped = (line: string) => / ERROR /.test(line) || line.includes('unexpected failure') || line.includes('unhandled');

describe('every action listener, from every container', () => {
  const plausible = new Map<string, Found>();
  /** What the bot rendered for `id` (for a row id `base:7`, any row of that base). */
  const plausibleFor = (id: string): Found | undefined =>
    plausible.get(id) ?? [...plausible.values()].find((each) => each.element.action_id?.split(':')[0] === id.split(':')[0]);

  it('renders the bot’s cards, lists and modals, presses what they offer, and so finds a plausible value for nearly every action id', async () => {
    // Enough rows for every list to page: comments (10 a page), search results (10), users (25), assets (50).
    const admin = h.helpdeskAs('admin');
    for (let n = 0; n < 11; n += 1) await admin.addComment({ id: 2, body: `Follow-up ${n}` });
    for (let n = 0; n < 11; n += 1) await admin.createTalep({ categoryId: 1, subject: `Printer ${n} offline`, body: 'Paper jam.', priorityId: 0 });
    for (let n = 0; n < 26; n += 1) await admin.createUser({ email: `temp${n}@example.com`, username: `temp${n}` });
    for (let n = 0; n < 51; n += 1) await admin.createAsset({ modelName: `Lenovo M${n}`, manufacturer: 'Lenovo', type: 'Desktop', supplier: 'Acme' });

    const commands: [Person, string][] = [
      ['admin', 'show 2'], ['admin', 'show 7'], ['user', 'show 9'], ['agent2', 'show 2'], ['admin', 'comments 2'], ['admin', 'files 2'],
      ['admin', 'files 6'], ['admin', 'relations 6'], ['admin', 'relations 1'], ['admin', 'fields 3'], ['admin', 'subscribers 2'],
      ['agent2', 'subscribers 2'], ['admin', 'search printer'], ['admin', 'mine'], ['admin', 'kb'], ['admin', 'kb 1'], ['admin', 'user list'],
      ['admin', 'user find agent@example.com'], ['admin', 'user delete agent2@example.com'], ['admin', 'user merge agent2@example.com agent@example.com'],
      ['admin', 'company list'], ['admin', 'asset Lenovo'], ['admin', 'asset show 1'], ['admin', 'asset show 17'], ['admin', 'asset show 4'],
      ['admin', 'rules'], ['admin', 'remind 2 tomorrow'], ['admin', 'reminders'], ['admin', 'close 2'], ['admin', 'merge 8 7'],
      ['admin', 'new'], ['admin', 'comment 2'], ['admin', 'attach 2'], ['stranger', 'whoami'],
    ];
    for (const [person, text] of commands) {
      const sent = await h.send.slash(h.as(person), text);
      expect([text, sent.status]).toEqual([text, 200]);
      await inFlight.idle();
    }
    await h.send.event({ type: 'app_home_opened', user: h.as('admin').userId, channel: 'D1', tab: 'home' });
    await inFlight.idle();
    const remember = () => {
      for (const found of harvest()) {
        const id = found.element.action_id as string;
        // The first one seen, unless a later one carries a value (a link button has none).
        if (!plausible.has(id) || (plausible.get(id)?.element.value === undefined && found.element.value !== undefined)) plausible.set(id, found);
      }
    };
    remember();
    // Second round: what the first answers offer (Next pages, More menus, Link asset, Connect…) once each.
    // Destructive confirmations are left for the main run: they would delete what the rest needs.
    const destructive = /delete|merge_confirm|remove|disconnect|close_confirm|retire/;
    for (const [id, found] of [...plausible]) {
      if (destructive.test(id)) continue;
      await h.send.interaction(payloadFor('admin', pressed(found.element, found.blockId), found.view ? 'modal' : 'ephemeral', found.view));
      await inFlight.idle();
    }
    remember();

    const ids = actionListeners.flatMap((listener) => (typeof listener.id === 'string' ? [listener.id] : samplesFor(listener.id)));
    const missing = ids.filter((id) => !plausibleFor(id));
    // Only these are not rendered here: rule rows need rules registered on the board, link buttons of
    // modals opened from modals, the unlink button of an asset linked from a talep card. They are pressed
    // with a talep id (2) as value, which is plausible for each.
    expect(missing.length).toBeLessThanOrEqual(8);
    h.slack.takeViolations();
  });

  it('every pattern listener has sample ids it answers to', () => {
    for (const listener of actionListeners) {
      if (typeof listener.id === 'string') continue;
      const samples = samplesFor(listener.id);
      expect([String(listener.id), samples.length > 0]).toEqual([String(listener.id), true]);
      for (const sample of samples) expect(listener.id.test(sample)).toBe(true);
    }
  });

  for (const person of ['admin', 'stranger'] as const) {
    it(`as ${person === 'admin' ? 'a linked' : 'an unlinked'} person: every id × 5 containers × plausible and implausible values is acked, and no listener error escapes`, async () => {
      const mark = h.logs.length;
      const statuses: Record<string, number> = {};
      const failures: Record<string, string[]> = {};
      for (const listener of actionListeners) {
        const ids = typeof listener.id === 'string' ? [listener.id] : samplesFor(listener.id);
        for (const id of ids) {
          // A press may unlink (Disconnect) or change the help desk; each id starts from a linked admin.
          if (person === 'admin') await h.link('admin');
          const found = plausibleFor(id);
          const element: Element = found ? { ...found.element, action_id: id } : { type: 'button', action_id: id, value: '2' };
          const blockId = found?.blockId ?? 'b';
          const values: (string | undefined)[] = [undefined, ...IMPLAUSIBLE];
          const before = h.logs.length;
          const sends = CONTAINERS.flatMap((kind) =>
            values.map(async (value) => {
              const label = `${id} in ${kind} with ${value ?? 'its own value'}`;
              const sent = await h.send.interaction(payloadFor(person, pressed(element, blockId, value), kind, found?.view));
              statuses[label] = sent.status;
            }),
          );
          await Promise.all(sends);
          await inFlight.idle();
          const problems = h.logs.slice(before).filter(escaped);
          if (problems.length > 0) failures[id] = problems.map((line) => line.slice(0, 400));
        }
      }
      expect(Object.entries(statuses).filter(([, status]) => status !== 200)).toEqual([]);
      expect(Object.keys(statuses).length).toBeGreaterThanOrEqual(actionListeners.length * CONTAINERS.length * 3);
      expect(failures).toEqual({});
      expect(h.logs.slice(mark).filter(escaped)).toEqual([]);
      expect(rejections).toEqual([]);
    }, 240_000);
  }

  it('a card control pressed in a modal, on the App Home or with no container answers through the kernel (a DM card); in a message, through its response_url', async () => {
    await h.link('admin');
    for (const kind of ['modal', 'home', 'none'] as const) {
      const before = h.slack.callsTo('chat.postMessage').length;
      const sent = await h.send.interaction(payloadFor('admin', { type: 'button', action_id: 'talep_card_subscribe', block_id: 'b', value: '3' }, kind));
      expect(sent.status).toBe(200);
      await inFlight.idle();
      const dm = h.slack.callsTo('chat.postMessage').slice(before).find((call) => call.args.channel === h.as('admin').userId);
      expect([kind, JSON.stringify(dm?.args.blocks ?? '')]).toEqual([kind, expect.stringContaining('Subscribed')]);
    }
    const payload = payloadFor('admin', { type: 'button', action_id: 'talep_card_unsubscribe', block_id: 'b', value: '3' }, 'ephemeral');
    await h.send.interaction(payload);
    await inFlight.idle();
    expect(JSON.stringify(h.slack.postsTo(String(payload.response_url))[0])).toContain('Unsubscribed');
  });
});
