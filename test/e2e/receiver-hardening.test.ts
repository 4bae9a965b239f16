/**
 * The real app behind its HTTP receiver, under hostile input: `payload=null` and 100 generated
 * malformed-but-signed bodies are each answered 400 and the bot keeps serving; timestamps too far in
 * the past or the future and replayed signatures are refused (401); and with LOG_LEVEL=debug the log
 * records Slack calls, not the text of what was sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { CommentsIds, editValue } from '../../src/views/talep-comments/list.js';
import { modalOpenedBy, slashAnswer } from '../support/e2e.js';
import { DELETE, mutate } from '../support/malformed.js';
import { collectUnhandledRejections } from '../support/rejections.js';
import { signature } from '../support/slack-requests.js';

const rejections = collectUnhandledRejections();
const h = useHarness();
afterEach(() => {
  expect(rejections.splice(0)).toEqual([]);
});

const stillServes = async () => {
  const { post, status } = await slashAnswer(h, 'agent', 'help');
  expect(status).toBe(200);
  expect(JSON.stringify(post)).toContain('/talep');
};

// ── generated malformed bodies ─────────────────────────────────────────────────────────────────

/** mulberry32: the same 100 bodies on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Bad = unknown;
const notString: Bad[] = [null, 5, {}, [], true, DELETE];
const notObject: Bad[] = [null, 'x', 5, [], true];
const notArray: Bad[] = [null, 'x', 5, {}, true];

const team = { id: 'T1', domain: 'test' };
const user = { id: 'UAGENT', username: 'agent', team_id: 'T1' };
const bases: { name: string; json: boolean; body: () => Record<string, unknown>; mutations: [path: (string | number)[], bad: Bad[]][] }[] = [
  {
    name: 'block_actions',
    json: false,
    body: () => ({
      type: 'block_actions',
      team,
      user,
      api_app_id: 'A1',
      trigger_id: 't',
      channel: { id: 'C1' },
      container: { type: 'message', message_ts: '1.2' },
      response_url: 'http://127.0.0.1:1/respond',
      actions: [{ type: 'button', action_id: 'tk_show', block_id: 'b', value: '2', action_ts: '1.3' }],
    }),
    mutations: [
      [['type'], [5, null, true, {}, []]],
      [['user'], [...notObject, DELETE]],
      [['user', 'id'], notString],
      [['team'], ['T1', 5, [], true]],
      [['team', 'id'], notString],
      [['actions'], [...notArray, []]],
      [['actions', 0], [null, 'x', 5, [], true]],
      [['actions', 0, 'action_id'], notString],
      [['actions', 0, 'value'], [null, 5, {}, []]],
      [['channel'], notObject],
      [['channel', 'id'], notString],
      [['response_url'], [null, 5, {}, [], true]],
      [['container'], notObject],
      [['view'], notObject],
    ],
  },
  {
    name: 'view_submission',
    json: false,
    body: () => ({
      type: 'view_submission',
      team,
      user,
      api_app_id: 'A1',
      view: { id: 'V1', type: 'modal', callback_id: 'new_talep', private_metadata: '', hash: 'h', state: { values: {} } },
      response_urls: [],
    }),
    mutations: [
      [['view'], [...notObject, DELETE]],
      [['view', 'id'], notString],
      [['view', 'callback_id'], notString],
      [['view', 'state'], notObject],
      [['view', 'state', 'values'], notObject],
      [['view', 'private_metadata'], [null, 5, {}, []]],
      [['response_urls'], notArray],
      [['response_urls', 0], [null, 'x', 5]],
      [['user'], [...notObject, DELETE]],
    ],
  },
  {
    name: 'message_action',
    json: false,
    body: () => ({
      type: 'message_action',
      callback_id: 'open_talep',
      trigger_id: 't',
      team,
      user,
      channel: { id: 'C1' },
      message: { type: 'message', ts: '1700000000.000001', text: 'hello' },
      response_url: 'http://127.0.0.1:1/respond',
    }),
    mutations: [
      [['message'], [...notObject, DELETE]],
      [['message', 'ts'], notString],
      [['channel'], [...notObject, DELETE]],
      [['callback_id'], notString],
      [['trigger_id'], notString],
      [['response_url'], notString],
    ],
  },
  {
    name: 'shortcut',
    json: false,
    body: () => ({ type: 'shortcut', callback_id: 'new_talep', trigger_id: 't', team, user }),
    mutations: [
      [['callback_id'], notString],
      [['trigger_id'], notString],
      [['user'], [...notObject, DELETE]],
    ],
  },
  {
    name: 'block_suggestion',
    json: false,
    body: () => ({ type: 'block_suggestion', team, user, action_id: 'category', block_id: 'b', value: 'net', api_app_id: 'A1' }),
    mutations: [
      [['value'], notString],
      [['action_id'], notString],
      [['block_id'], notString],
      [['view'], notObject],
    ],
  },
  {
    name: 'event_callback',
    json: true,
    body: () => ({
      type: 'event_callback',
      team_id: 'T1',
      api_app_id: 'A1',
      event_id: 'Ev1',
      event_time: 1,
      event: { type: 'app_home_opened', user: 'UAGENT', channel: 'D1', tab: 'home' },
    }),
    mutations: [
      [['event'], [null, 'x', 5, [], true]],
      [['event', 'type'], notString],
      [['event', 'channel'], [null, 5, true, []]],
      [['event', 'user'], [null, 5, true, []]],
      [['event', 'item'], ['x', 5, null]],
      [['type'], ['event', 5, null]],
      [['authorizations'], ['x', {}, 5]],
      [['authorizations'], [[null], ['x']]],
      [['team_id'], [5, {}, []]],
    ],
  },
];

/** Every (base, path, bad value) as a signed-ready body, plus whole-body garbage; 100 picked with a fixed seed. */
function malformedBodies(): { what: string; body: string; contentType: string }[] {
  const all: { what: string; body: string; contentType: string }[] = [];
  for (const base of bases) {
    for (const [path, values] of base.mutations) {
      for (const bad of values) {
        const what = `${base.name} ${path.join('.')} = ${bad === DELETE ? '(missing)' : JSON.stringify(bad)}`;
        const body = mutate(base.body(), path, bad);
        all.push(
          base.json
            ? { what, body: JSON.stringify(body), contentType: 'application/json' }
            : { what, body: `payload=${encodeURIComponent(JSON.stringify(body))}`, contentType: 'application/x-www-form-urlencoded' },
        );
      }
    }
  }
  const garbage = ['5', '"x"', '[]', 'true', '{"type":', '{"type":"block_actions","actions":[', '\u0000\u0001', '%7B%7D%7D'];
  for (const text of garbage) {
    all.push({ what: `payload=${text}`, body: `payload=${encodeURIComponent(text)}`, contentType: 'application/x-www-form-urlencoded' });
    all.push({ what: `JSON ${text}`, body: text, contentType: 'application/json' });
  }
  const random = seeded(10);
  for (let index = all.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [all[index], all[other]] = [all[other] as (typeof all)[number], all[index] as (typeof all)[number]];
  }
  return all.slice(0, 100);
}

describe('malformed signed bodies', () => {
  it('payload=null is a 400 (it used to kill the process), and the bot keeps serving', async () => {
    const reply = await h.send.signed('payload=null');
    expect(reply.status).toBe(400);
    await stillServes();
  });

  it('100 generated malformed-but-signed bodies: every one is a 400, never a 500, and the bot keeps serving', async () => {
    const bodies = malformedBodies();
    expect(new Set(bodies.map((each) => each.what)).size).toBe(100);
    const statuses: Record<string, number> = {};
    for (const [index, each] of bodies.entries()) {
      // A distinct timestamp per body: identical bodies would otherwise be (correctly) refused as replays.
      const timestamp = Math.floor(Date.now() / 1000) - index;
      statuses[each.what] = (await h.send.signed(each.body, each.contentType, timestamp)).status;
    }
    expect(Object.entries(statuses).filter(([, status]) => status !== 400)).toEqual([]);
    await stillServes();
    expect(h.logs.filter((line) => line.includes('400 malformed body')).length).toBeGreaterThanOrEqual(100);
  });
});

describe('timestamps and replays', () => {
  const body = () => new URLSearchParams({ command: '/talep', text: 'help', team_id: 'T1', user_id: 'UAGENT', channel_id: 'C1', response_url: h.slack.responseUrl(), trigger_id: `t-${Math.random()}` }).toString();
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses a request signed an hour in the future, or 6 minutes ago (401)', async () => {
    expect((await h.send.signed(body(), undefined, now() + 3_600)).status).toBe(401);
    expect((await h.send.signed(body(), undefined, now() + 301)).status).toBe(401);
    expect((await h.send.signed(body(), undefined, now() - 360)).status).toBe(401);
  });

  it('refuses a signed request sent again within 5 minutes (401), and runs it once', async () => {
    const text = body();
    const timestamp = now();
    const headers = { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature(h.signingSecret, timestamp, text) };
    const first = await h.send.raw(text, headers);
    expect(first.status).toBe(200);
    expect((await h.send.raw(text, headers)).status).toBe(401);
    // The help is answered in the first copy's ack; the refused copy adds nothing anywhere.
    expect(JSON.stringify(first.body)).toContain('/talep');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.slack.postsTo(new URLSearchParams(text).get('response_url') ?? '')).toHaveLength(0);
  });

  it('still serves /healthz on the receiver', async () => {
    const url = new URL(h.send.eventsUrl);
    const response = await fetch(`${url.origin}/healthz`);
    expect([response.status, await response.text()]).toEqual([200, 'ok']);
  });
});

describe('LOG_LEVEL=debug', () => {
  it('records Slack calls (method, status, ms) but not the text sent: an agents-only comment shown in a modal never reaches the log', async () => {
    const secret = 'Core switch root password is Tr0ub4dor-7731';
    const agent = h.helpdeskAs('agent');
    await agent.addComment({ id: 6, body: secret, forTechsOnly: true });
    const comments = await agent.comments({ id: 6 });
    const commentId = comments.find((row) => row.Body?.includes('Tr0ub4dor'))?.CommentID ?? 0;
    const mark = h.logs.length;

    const modal = await modalOpenedBy(
      h,
      () => h.send.blockAction(h.as('agent'), { action_id: CommentsIds.edit, value: editValue(6, commentId, 1) }),
      'Tr0ub4dor',
    );
    // Slack received the text (so a body-logging client would have logged it)…
    expect(JSON.stringify(modal.view)).toContain('Tr0ub4dor');
    // …but not the log…
    expect(h.logs.filter((line) => line.includes('Tr0ub4dor') || line.includes('root password'))).toEqual([]);
    // …which has the calls: method, status and time.
    const lines = h.logs.slice(mark);
    expect(lines.some((line) => /DEBUG .*slack POST api views\.(open|update) → 200 in \d+ ms/.test(line))).toBe(true);
    expect(lines.some((line) => /DEBUG .*help-desk /.test(line))).toBe(true);
  });
});
