/**
 * Exploring the bot as a person would: the action listeners the areas register (with sample ids for
 * pattern ids), every interactive element in everything the bot sent to the Slack stand-in (so a test
 * can press what the bot itself rendered), and block-action payloads from each container Slack uses.
 */
import { allAreas } from '../../src/commands/index.js';
import type { Listener } from '../../src/slack/listeners.js';
import type { Harness, Person } from './harness.js';

export type ActionListener = Extract<Listener, { kind: 'action' }>;
export const actionListeners = allAreas().flatMap((area) => (area.listeners ?? []).filter((listener): listener is ActionListener => listener.kind === 'action'));

const unescapeRegex = (text: string) => text.replace(/\\(.)/g, '$1');

/** Ids a pattern listener answers to, read from the two shapes of pattern the areas use. */
export function samplesFor(pattern: RegExp): string[] {
  const row = /^\^(.+)\(\?::\\d\+\)\?\$$/.exec(pattern.source);
  if (row?.[1]) return [`${unescapeRegex(row[1])}:7`, unescapeRegex(row[1])];
  const either = /^\^\((.+)\)\$$/.exec(pattern.source);
  if (either?.[1]) return either[1].split('|').map(unescapeRegex);
  return [];
}

// ── plausible values: what the bot itself rendered ────────────────────────────────────────────────

export interface Element {
  type: string;
  action_id?: string;
  value?: string;
  url?: string;
  options?: { value: string; text: unknown }[];
  option_groups?: { options: { value: string; text: unknown }[] }[];
  initial_option?: { value: string; text: unknown };
}

export interface Found {
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
export function harvest(h: Harness): Found[] {
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
export function pressed(element: Element, blockId: string, value?: string): Record<string, unknown> {
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

export type ContainerKind = 'ephemeral' | 'message' | 'modal' | 'home' | 'none';
export const CONTAINERS: ContainerKind[] = ['ephemeral', 'message', 'modal', 'home', 'none'];

export function payloadFor(h: Harness, person: Person, action: Record<string, unknown>, kind: ContainerKind, view?: Record<string, unknown>): Record<string, unknown> {
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

/** Commands that render every card, list and modal of the bot (with the demo help desk's data). */
export const EXPLORED_COMMANDS: readonly [Person, string][] = [
  ['admin', 'show 2'], ['admin', 'show 7'], ['user', 'show 9'], ['agent2', 'show 2'], ['admin', 'comments 2'], ['admin', 'files 2'],
  ['admin', 'files 6'], ['admin', 'relations 6'], ['admin', 'relations 1'], ['admin', 'fields 3'], ['admin', 'subscribers 2'],
  ['agent2', 'subscribers 2'], ['admin', 'search printer'], ['admin', 'mine'], ['admin', 'kb'], ['admin', 'kb 1'], ['admin', 'user list'],
  ['admin', 'user find agent@example.com'], ['admin', 'user delete agent2@example.com'], ['admin', 'user merge agent2@example.com agent@example.com'],
  ['admin', 'company list'], ['admin', 'category list'], ['admin', 'asset Lenovo'], ['admin', 'asset show 1'], ['admin', 'asset show 17'],
  ['admin', 'asset show 4'], ['admin', 'rules'], ['admin', 'remind 2 tomorrow'], ['admin', 'reminders'], ['admin', 'close 2'],
  ['admin', 'merge 8 7'], ['admin', 'new'], ['admin', 'comment 2'], ['admin', 'attach 2'], ['admin', 'stats'], ['stranger', 'whoami'],
  ['admin', 'feed category:hardware'], ['admin', 'feeds'],
];

/** Presses that would delete or merge what the rest of an exploration needs (left for the test itself). */
const DESTRUCTIVE = /delete|merge_confirm|remove|disconnect|close_confirm|retire/;

/**
 * Runs `commands`, opens the App Home as admin, then presses (as admin, once each) every control the
 * answers offered, except destructive ones: Next pages, More menus, Link asset, Connect… Returns, per
 * action id, an element the bot rendered (the first seen, or the first with a value).
 */
export async function explore(h: Harness, idle: () => Promise<void>, commands: readonly [Person, string][]): Promise<Map<string, Found>> {
  const plausible = new Map<string, Found>();
  const remember = () => {
    for (const found of harvest(h)) {
      const id = found.element.action_id as string;
      if (!plausible.has(id) || (plausible.get(id)?.element.value === undefined && found.element.value !== undefined)) plausible.set(id, found);
    }
  };
  for (const [person, text] of commands) {
    const sent = await h.send.slash(h.as(person), text);
    if (sent.status !== 200) throw new Error(`/talep ${text} was answered ${sent.status}`);
    await idle();
  }
  await h.send.event({ type: 'app_home_opened', user: h.as('admin').userId, channel: 'D1', tab: 'home' });
  await idle();
  remember();
  for (const [id, found] of [...plausible]) {
    if (DESTRUCTIVE.test(id)) continue;
    await h.link('admin');
    await h.send.interaction(payloadFor(h, 'admin', pressed(found.element, found.blockId), found.view ? 'modal' : 'ephemeral', found.view));
    await idle();
  }
  remember();
  return plausible;
}
