/**
 * Hostile input at every field the kernel reads (issue 10, finding 7): `payload=null` and hundreds of
 * generated malformed-but-signed bodies — wrong types for `user`, `team`, `actions`, the pressed
 * element's value and selections, `view` (title, hash, state.values, private_metadata), `container`,
 * `channel`, `message`, `response_url`, `trigger_id`, huge strings, deep nesting, arrays where objects
 * belong — for every kind of payload: block actions (from a message and from a modal), view submissions,
 * closed views, external-select suggestions, global and message shortcuts, slash-command form fields and
 * events.
 *
 * Each body is answered 400 by the receiver's envelope check, or, when the envelope is fine, acknowledged
 * (200) with one logged line saying it was malformed — no listener runs on it. Never a 500, never an
 * unhandled rejection or an error in the log, never the body's text in the log; and the bot answers a
 * good request afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentModalIds } from '../../src/views/talep-comments/comment-modal.js';
import { AddToTalepIds } from '../../src/views/message-shortcuts/add-to-talep.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { slashAnswer } from '../support/e2e.js';
import { type InFlight, trackInFlight } from '../support/in-flight.js';
import { DELETE, mutate } from '../support/malformed.js';
import { collectUnhandledRejections } from '../support/rejections.js';
import { useHarness } from '../support/use-harness.js';

let eventCounter = 0;
const rejections = collectUnhandledRejections();
const h = useHarness();
let inFlight: InFlight;
beforeAll(() => {
  inFlight = trackInFlight(h);
});
afterAll(() => inFlight.restore());

/** Text that must never reach the log (bodies are never logged, nor values in the reasons). */
const MARKER = 'SECRET-BODY-TEXT';
const HUGE = `${MARKER}${'U'.repeat(100_000)}`;
type Bad = unknown;

/** `[[[…]]]` `depth` levels deep (JSON.parse handles it; nothing in the bot may recurse into it). */
const deep = (depth: number): unknown => {
  let value: unknown = MARKER;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
};

const notString: Bad[] = [null, 5, {}, [], true, HUGE, deep(2000)];
const notObject: Bad[] = [null, 'x', 5, [], true];
const notId: Bad[] = [...notString, '', 'U <!here>', DELETE];

const team = { id: 'T1', domain: 'test' };
const user = { id: 'UAGENT', username: 'agent', team_id: 'T1' };

interface Base {
  name: string;
  /** How the body is sent: an interactivity payload, slash-command form fields, or an Events API JSON body. */
  encoding: 'payload' | 'form' | 'json';
  body: () => Record<string, unknown>;
  mutations: [path: (string | number)[], bad: Bad[]][];
}

const messageAction = () => ({
  type: 'block_actions',
  team,
  user,
  api_app_id: 'A1',
  trigger_id: 'trigger-1',
  channel: { id: 'C1', name: 'helpdesk' },
  container: { type: 'message', message_ts: '1700000000.000001', channel_id: 'C1', is_ephemeral: true },
  response_url: h.slack.responseUrl(),
  actions: [{ type: 'button', action_id: SharedActions.showTalep, block_id: 'b', value: '2', action_ts: '1700000000.1' }],
});

const modalView = () => ({
  id: 'V-malformed',
  type: 'modal',
  callback_id: CommentModalIds.callbackId,
  private_metadata: '',
  hash: 'h1',
  title: { type: 'plain_text', text: 'Comment' },
  state: { values: {} },
});

const bases: Base[] = [
  {
    name: 'block_actions in a message',
    encoding: 'payload',
    body: messageAction,
    mutations: [
      [['user'], [...notObject, {}, deep(2000)]],
      [['user', 'id'], notId],
      [['team'], ['T1', 5, [], { id: 5 }, { id: HUGE }]],
      [['actions'], [null, 'x', 5, {}, [], deep(2000)]],
      [['actions', 0], [null, 'x', 5, [], {}]],
      [['actions', 0, 'action_id'], [5, null, {}, DELETE]],
      [['actions', 0, 'value'], [5, {}, [], HUGE]],
      [['actions', 0, 'type'], [5, null, {}, DELETE]],
      [['actions', 0, 'block_id'], [5, {}, HUGE]],
      [['actions', 0, 'selected_option'], ['x', 5, [], {}, { value: 5 }, { value: HUGE }]],
      [['actions', 0, 'selected_options'], ['x', {}, [5], [{ value: {} }], [null]]],
      [['actions', 0, 'selected_user'], [5, {}, [], 'not a user <!here>', HUGE]],
      [['actions', 0, 'selected_date'], [5, {}, HUGE]],
      [['container'], ['x', 5, [], { type: 5 }, { is_ephemeral: 'yes' }, { type: 'view', view_id: 5 }]],
      [['channel'], ['C1', 5, [], { id: 5 }, { id: HUGE }, { id: '' }]],
      [['message'], ['x', 5, [], { ts: 5 }, {}, { ts: HUGE }]],
      [['response_url'], [5, {}, [], 'not a url', 'file:///etc/passwd', 'javascript:alert(1)', `http://x.test/${HUGE}`]],
      [['trigger_id'], [5, {}, null, DELETE, HUGE]],
    ],
  },
  {
    name: 'block_actions in a modal',
    encoding: 'payload',
    body: () => ({
      ...messageAction(),
      channel: undefined,
      response_url: undefined,
      container: { type: 'view', view_id: 'V-malformed' },
      view: modalView(),
      actions: [{ type: 'static_select', action_id: CommentModalIds.templateSelect, block_id: 'b', selected_option: { value: '1', text: { type: 'plain_text', text: 'x' } } }],
    }),
    mutations: [
      [['view'], ['x', 5, [], {}, { id: 5 }, deep(2000)]],
      [['view', 'id'], notId],
      [['view', 'title'], ['x', 5, [], { text: 5 }, { text: HUGE }]],
      [['view', 'hash'], [5, {}, HUGE]],
      [['view', 'private_metadata'], [5, {}, HUGE]],
      [['view', 'state'], ['x', 5, [], { values: 'x' }, { values: [] }]],
      [['view', 'state', 'values'], [{ b: 'x' }, { b: [] }, { b: { a: 5 } }, { b: { a: { type: 5 } } }, { b: { a: { type: 'plain_text_input', value: 5 } } }]],
      [['view', 'state', 'values', 'b'], [{ a: { type: 'static_select', selected_option: 'x' } }, { a: { type: 'checkboxes', selected_options: 'x' } }, { a: { type: 'users_select', selected_user: {} } }]],
    ],
  },
  {
    name: 'view_submission',
    encoding: 'payload',
    body: () => ({ type: 'view_submission', team, user, api_app_id: 'A1', trigger_id: 'trigger-1', view: modalView(), response_urls: [] }),
    mutations: [
      [['view'], [null, 'x', [], DELETE]],
      [['view', 'id'], notId],
      [['view', 'callback_id'], [5, null, {}, DELETE]],
      [['view', 'title'], ['x', 5, { text: 5 }, { text: HUGE }]],
      [['view', 'state'], [DELETE, 'x', 5, [], {}]],
      [['view', 'state', 'values'], ['x', [], { b: [] }, { b: { a: [] } }, { b: { a: { type: 5 } } }, deep(2000)]],
      [['view', 'state', 'values', 'b'], [{ a: { type: 'plain_text_input', value: 5 } }, { a: { type: 'static_select', selected_option: 'x' } }, { a: { type: 'multi_static_select', selected_options: 'x' } }, { a: { type: 'datepicker', selected_date: {} } }]],
      [['view', 'private_metadata'], [5, {}, HUGE]],
      [['view', 'hash'], [5, []]],
      [['user'], [...notObject, DELETE]],
      [['user', 'id'], notId],
    ],
  },
  {
    name: 'view_closed',
    encoding: 'payload',
    body: () => ({ type: 'view_closed', team, user, api_app_id: 'A1', view: modalView(), is_cleared: false }),
    mutations: [
      [['view'], [null, 'x', [], DELETE]],
      [['view', 'callback_id'], [5, DELETE]],
      [['view', 'id'], [5, HUGE]],
      [['user', 'id'], [5, HUGE]],
    ],
  },
  {
    name: 'block_suggestion',
    encoding: 'payload',
    body: () => ({ type: 'block_suggestion', team, user, api_app_id: 'A1', action_id: AddToTalepIds.talep.action, block_id: AddToTalepIds.talep.block, value: 'printer', view: modalView() }),
    mutations: [
      [['value'], [5, null, {}, HUGE, DELETE]],
      [['action_id'], [5, {}, DELETE]],
      [['block_id'], [5, DELETE]],
      [['view'], ['x', 5, { id: 5 }]],
      [['view', 'state', 'values'], ['x', { b: 5 }]],
      [['user', 'id'], [5, '', HUGE]],
    ],
  },
  {
    name: 'global shortcut',
    encoding: 'payload',
    body: () => ({ type: 'shortcut', callback_id: 'new_talep', trigger_id: 'trigger-1', team, user, action_ts: '1.2' }),
    mutations: [
      [['callback_id'], [5, {}, DELETE]],
      [['trigger_id'], [5, {}, DELETE, HUGE]],
      [['user'], [...notObject, DELETE]],
      [['user', 'id'], [5, HUGE, '']],
      [['team'], ['T1', 5, { id: HUGE }]],
    ],
  },
  {
    name: 'message shortcut',
    encoding: 'payload',
    body: () => ({
      type: 'message_action',
      callback_id: 'open_talep',
      trigger_id: 'trigger-1',
      team,
      user,
      channel: { id: 'C1', name: 'helpdesk' },
      message: { type: 'message', ts: '1700000000.000001', text: 'hello', user: 'UAUTHOR' },
      response_url: h.slack.responseUrl(),
    }),
    mutations: [
      [['channel'], [DELETE, 'C1', 5, [], { id: 5 }, { id: HUGE }]],
      [['message'], [DELETE, 'x', 5, [], { ts: 5 }, {}, { ts: HUGE }, { ts: '1.2', text: 5 }]],
      [['response_url'], [5, {}, 'not a url', 'ftp://x.test/', 'javascript:alert(1)']],
      [['callback_id'], [5, DELETE]],
      [['trigger_id'], [5, DELETE, HUGE]],
      [['user', 'id'], [5, HUGE]],
    ],
  },
  {
    name: 'slash command',
    encoding: 'form',
    body: () => ({
      command: '/talep',
      text: 'help',
      team_id: 'T1',
      user_id: 'UAGENT',
      channel_id: 'C1',
      response_url: h.slack.responseUrl(),
      trigger_id: 'trigger-1',
    }),
    mutations: [
      [['team_id'], ['', 'T 1', HUGE, DELETE]],
      [['user_id'], ['', 'U <!here>', HUGE, DELETE]],
      [['channel_id'], ['', HUGE, DELETE]],
      [['response_url'], ['', 'not a url', 'file:///etc/passwd', 'javascript:alert(1)', DELETE]],
      [['trigger_id'], [DELETE, HUGE]],
      [['text'], [`help ${'x'.repeat(50_000)}${MARKER}`]],
      [['command'], ['talep', DELETE]],
    ],
  },
  {
    name: 'event',
    encoding: 'json',
    body: () => ({
      token: 'legacy',
      type: 'event_callback',
      team_id: 'T1',
      api_app_id: 'A1',
      // Slack gives every event its own id; a re-sent one (same id) is handled once, which is not what this tests.
      event_id: `Ev${++eventCounter}`,
      event_time: 1,
      event: { type: 'app_home_opened', user: 'UAGENT', channel: 'D1', tab: 'home' },
    }),
    mutations: [
      [['event'], [null, 'x', 5, [], DELETE]],
      [['event', 'type'], [5, null, DELETE]],
      [['event', 'user'], [5, [], true, { id: 'UAGENT' }, '']],
      [['event', 'channel'], [5, true, []]],
      [['event', 'tab'], [5, {}]],
      [['team_id'], [5, {}, []]],
      [['authorizations'], ['x', {}, [null]]],
    ],
  },
];

const describeBad = (bad: Bad) => {
  if (bad === DELETE) return '(missing)';
  const text = JSON.stringify(bad);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
};

function encode(base: Base, body: Record<string, unknown>): { body: string; contentType: string } {
  if (base.encoding === 'json') return { body: JSON.stringify(body), contentType: 'application/json' };
  if (base.encoding === 'form') {
    const fields = Object.entries(body)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
    return { body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  return { body: new URLSearchParams({ payload: JSON.stringify(body) }).toString(), contentType: 'application/x-www-form-urlencoded' };
}

function malformedBodies(): { what: string; body: string; contentType: string }[] {
  const all: { what: string; body: string; contentType: string }[] = [];
  for (const base of bases) {
    for (const [path, values] of base.mutations) {
      for (const bad of values) {
        all.push({ what: `${base.name}: ${path.join('.')} = ${describeBad(bad)}`, ...encode(base, mutate(base.body(), path, bad)) });
      }
    }
  }
  return all;
}

let sequence = 0;
/** Sends one signed body (each with its own timestamp: identical bodies would be refused as replays). */
async function sendSigned(body: string, contentType: string) {
  sequence += 1;
  return h.send.signed(body, contentType, Math.floor(Date.now() / 1000) - (sequence % 200));
}

describe('malformed-but-signed bodies at every field the kernel reads', () => {
  it('payload=null is a 400, and the bot keeps serving', async () => {
    expect((await sendSigned('payload=null', 'application/x-www-form-urlencoded')).status).toBe(400);
    const { post } = await slashAnswer(h, 'agent', 'help');
    expect(JSON.stringify(post)).toContain('/talep');
  });

  it('the unmutated bases are well-formed: none is refused or called malformed', async () => {
    for (const base of bases) {
      const mark = h.logs.length;
      const sent = await sendSigned(encode(base, base.body()).body, encode(base, base.body()).contentType);
      await inFlight.idle();
      expect([base.name, sent.status]).toEqual([base.name, 200]);
      expect(h.logs.slice(mark).filter((line) => /malformed|refused| ERROR /.test(line))).toEqual([]);
    }
    h.slack.takeViolations();
  });

  it('each generated body is a 400 or an ack with a logged "malformed" line; never a 500, an error, or its text in the log', async () => {
    const bodies = malformedBodies();
    expect(bodies.length).toBeGreaterThanOrEqual(200);
    expect(new Set(bodies.map((each) => each.what)).size).toBe(bodies.length);
    const outcomes: Record<string, string> = {};
    const mark = h.logs.length;
    for (const each of bodies) {
      const before = h.logs.length;
      const sent = await sendSigned(each.body, each.contentType);
      await inFlight.idle();
      const lines = h.logs.slice(before);
      if (sent.status === 400 && lines.some((line) => line.includes('400 malformed body'))) outcomes[each.what] = 'refused 400';
      else if (sent.status === 200 && lines.some((line) => /WARN .*malformed /.test(line))) outcomes[each.what] = 'acked, logged malformed';
      else outcomes[each.what] = `HTTP ${sent.status}: ${lines.join(' | ').slice(0, 300) || 'nothing logged'}`;
    }
    const unexpected = Object.entries(outcomes).filter(([, outcome]) => outcome !== 'refused 400' && outcome !== 'acked, logged malformed');
    expect(unexpected).toEqual([]);
    // Both layers did their part.
    const counts = Object.values(outcomes).reduce<Record<string, number>>((sum, outcome) => ({ ...sum, [outcome]: (sum[outcome] ?? 0) + 1 }), {});
    expect(counts['refused 400']).toBeGreaterThan(50);
    expect(counts['acked, logged malformed']).toBeGreaterThan(30);

    const logged = h.logs.slice(mark);
    expect(logged.filter((line) => / ERROR /.test(line) || line.includes('unhandled') || line.includes('unexpected failure'))).toEqual([]);
    expect(logged.filter((line) => line.includes(MARKER) || line.includes('<!here>'))).toEqual([]);
    expect(rejections).toEqual([]);
    // Nothing was said to anyone: no listener ran.
    expect(h.slack.takeViolations()).toEqual([]);
  });

  it('still answers a good request afterwards', async () => {
    const { post, status } = await slashAnswer(h, 'agent', 'help');
    expect(status).toBe(200);
    expect(JSON.stringify(post)).toContain('/talep');
    expect(rejections).toEqual([]);
  });
});
