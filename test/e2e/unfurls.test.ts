/**
 * Link previews end to end: signed `link_shared` and `entity_details_requested` events to the bot's
 * receiver, the Slack stand-in recording `chat.unfurl` and `entity.presentDetails` (and checking their
 * payloads as Slack does), the sandbox help desk and its documentation-site stand-in.
 */
import { describe, expect, it } from 'vitest';
import { talepUrl } from '../../src/domain/talep-link.js';
import { json, pressAnswer, slashAnswer } from '../support/e2e.js';
import type { SlackCall } from '../../src/playground/slack-stand-in.js';
import { type Person, people } from '../support/harness.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness();

let counter = 0;
const nextTs = () => `1700001000.${String(++counter).padStart(6, '0')}`;
const linkTo = (id: number) => talepUrl(id, h.services.talepUrlTemplate);

interface Shared {
  channel: string;
  ts: string;
}

/** `userId` posted `urls` in a message of `channel` (Slack's `link_shared`, from the message's history). */
async function share(userId: string, urls: string[], options: { channel?: string; ts?: string; eventId?: string; retryNum?: number; source?: string; member?: boolean } = {}): Promise<Shared> {
  const channel = options.channel ?? 'C-links';
  const ts = options.ts ?? nextTs();
  const sent = await h.send.event(
    {
      type: 'link_shared',
      channel,
      is_bot_user_member: options.member ?? true,
      user: userId,
      message_ts: ts,
      unfurl_id: `${channel}.${ts}.abc`,
      source: options.source ?? 'conversations_history',
      links: urls.map((url) => ({ domain: new URL(url).host, url })),
      event_ts: ts,
    },
    'T1',
    { ...(options.eventId ? { eventId: options.eventId } : {}), ...(options.retryNum !== undefined ? { retryNum: options.retryNum } : {}) },
  );
  expect(sent.status).toBe(200);
  return { channel, ts };
}

const sharedBy = (person: Person, urls: string[], options: Parameters<typeof share>[2] = {}) => share(people[person].userId, urls, options);

/** The preview Slack shows for `url` on the message, once the bot has sent it. */
const previewOf = (shared: Shared, url: string) => h.slack.waitFor(() => h.slack.previewsOf(shared.channel, shared.ts).get(url), `the preview of ${url}`);

const unfurlCallsFor = (shared: Shared): SlackCall[] =>
  h.slack.callsTo('chat.unfurl').filter((call) => call.args.channel === shared.channel && call.args.ts === shared.ts);

/** Waits until the bot is quiet about this message (no new chat.unfurl for a while), then answers its calls. */
async function settled(shared: Shared, quietMs = 400): Promise<SlackCall[]> {
  let count = -1;
  for (;;) {
    const now = unfurlCallsFor(shared).length;
    if (now === count) return unfurlCallsFor(shared);
    count = now;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

type Entity = {
  entity_type: string;
  external_ref: { id: string; type?: string };
  url: string;
  app_unfurl_url?: string;
  entity_payload: {
    attributes: { title: { text: string } };
    fields: Record<string, { value?: unknown; type?: string }>;
    custom_fields?: { key: string; label: string; value?: unknown }[];
    actions?: { primary_actions?: { text: string; action_id: string; value?: string; url?: string }[]; overflow_actions?: { text: string; action_id: string; value?: string }[] };
  };
};

/** Everything talep 2 has that is NOT safe for a channel: its body, its comments, its agents-only comment. */
const NOT_FOR_A_CHANNEL = ['since this morning', 'Can you send a screenshot', 'Attached. It says', 'Gateway certificate expired', 'vpn', 'jira.example.com'];

describe('a talep link posted by a linked person', () => {
  it('becomes a Work Object with only the fields safe for everyone in the conversation', async () => {
    const url = linkTo(2);
    const shared = await sharedBy('agent', [url]);
    const preview = await previewOf(shared, url);
    expect(preview.kind).toBe('entity');
    const entity = preview.payload as unknown as Entity;
    expect(entity).toMatchObject({ entity_type: 'slack#/entities/task', external_ref: { id: '2', type: 'talep' }, app_unfurl_url: url, url });
    expect(entity.entity_payload.attributes.title.text).toBe('Cannot connect to the VPN from home');
    const { fields, custom_fields: custom } = entity.entity_payload;
    expect(Object.keys(fields).sort()).toEqual(['assignee', 'date_updated', 'priority', 'status']);
    expect(fields).toMatchObject({ status: { value: 'In progress' }, priority: { value: 'High' }, assignee: { type: 'string', value: 'agent' } });
    // The default setting (`summary`): no comment body, only the category beside the fields.
    expect(custom?.map((field) => field.key)).toEqual(['category']);
    expect(custom?.[0]?.value).toBe('Network');
    const sent = json(unfurlCallsFor(shared));
    for (const secret of NOT_FOR_A_CHANNEL) expect(sent).not.toContain(secret);
  });

  it("is read with the poster's own token: what they may not read gets no preview", async () => {
    const own = linkTo(1);
    const notTheirs = linkTo(5); // agent2's talep: a regular user cannot open it
    const shared = await sharedBy('user', [own, notTheirs]);
    const preview = await previewOf(shared, own);
    expect((preview.payload as unknown as Entity).entity_payload.attributes.title.text).toBe('Printer on the 3rd floor keeps jamming');
    await settled(shared);
    expect([...h.slack.previewsOf(shared.channel, shared.ts).keys()]).toEqual([own]);
    expect(json(unfurlCallsFor(shared))).not.toContain('Design software licence');
  });

  it('shows the due date and a custom priority by name', async () => {
    const url = linkTo(5);
    const shared = await sharedBy('agent2', [url, linkTo(9)]);
    const due = (await previewOf(shared, url)).payload as unknown as Entity;
    expect(due.entity_payload.fields.due_date).toEqual({ type: 'slack#/types/date', value: '2026-01-16' });
    expect(due.entity_payload.fields.priority?.value).toBe('Critical');
  });
});

describe('the channel setting (/talep unfurl)', () => {
  it('shows the default, lets agents allow comments, and never shows an agents-only comment', async () => {
    const shown = await slashAnswer(h, 'user', 'unfurl', { ephemeral: true });
    expect(String(shown.post.text)).toContain('Link previews in this conversation: *summary*');
    const refused = await slashAnswer(h, 'user', 'unfurl on');
    expect(String(refused.post.text)).toContain('Only help-desk agents and admins can let previews show comments');
    const changed = await slashAnswer(h, 'agent', 'unfurl on');
    expect(String(changed.post.text)).toContain('Link previews in this conversation: *on*');

    const url = linkTo(2);
    const shared = await sharedBy('agent', [url], { channel: 'C1' });
    const entity = (await previewOf(shared, url)).payload as unknown as Entity;
    const comments = entity.entity_payload.custom_fields?.filter((field) => field.key.startsWith('comment_')) ?? [];
    // The latest comment everyone may read — the agent's later agents-only comment is skipped.
    expect(comments).toEqual([expect.objectContaining({ value: 'Attached. It says error 809.' })]);
    expect(json(unfurlCallsFor(shared))).not.toContain('Gateway certificate expired');

    const again = await slashAnswer(h, 'admin', 'unfurl');
    expect(String(again.post.text)).toMatch(/\*on\*.*\n.*Set by <@UAGENT>/);
  });

  it('`off` means no previews at all in that conversation', async () => {
    await slashAnswer(h, 'user', 'unfurl off', {}); // turning previews down is open to anyone linked
    const shared = await sharedBy('agent', [linkTo(2), `${h.sandbox.docsSiteUrl}/connect-to-the-vpn/`], { channel: 'C1' });
    expect(await settled(shared)).toEqual([]);
    await slashAnswer(h, 'agent', 'unfurl summary');
  });
});

describe('a poster without a linked account', () => {
  it('gets no preview, and one offer to connect (Slack’s unfurl prompt), not one per link or message', async () => {
    const first = await sharedBy('stranger', [linkTo(1), linkTo(2)]);
    const prompt = await h.slack.waitFor(() => unfurlCallsFor(first)[0], 'the connect prompt');
    // Form-encoded by the Web API client, as Slack receives it.
    expect(prompt.args).toMatchObject({ user_auth_required: 'true', unfurls: {} });
    expect(json(prompt.args.user_auth_blocks)).toContain('account_connect_open');
    const second = await sharedBy('stranger', [linkTo(3)]);
    expect(await settled(second)).toEqual([]);
    expect(await settled(first)).toHaveLength(1);
    expect(h.slack.previewsOf(first.channel, first.ts).size).toBe(0);
    expect(json(h.slack.callsTo('chat.unfurl').filter((call) => [first.ts, second.ts].includes(String(call.args.ts))))).not.toContain('VPN');
  });

  it('gets the offer as an ephemeral message where Slack’s prompt is not available, once', async () => {
    h.slack.fail.set('chat.unfurl', 'missing_unfurls');
    try {
      const before = h.slack.callsTo('chat.postEphemeral').length;
      const first = await share('UNEWCOMER', [linkTo(1)], { channel: 'C-new' });
      const offer = await h.slack.waitFor(() => h.slack.callsTo('chat.postEphemeral')[before], 'the ephemeral offer');
      expect(offer.args).toMatchObject({ channel: 'C-new', user: 'UNEWCOMER' });
      expect(json(offer.args.blocks)).toContain('account_connect_open');
      await share('UNEWCOMER', [linkTo(2)], { channel: 'C-new' });
      await settled(first);
      expect(h.slack.callsTo('chat.postEphemeral').slice(before)).toHaveLength(1);
    } finally {
      h.slack.fail.delete('chat.unfurl');
    }
  });

  it('is not asked by other means after telling Slack never to ask again', async () => {
    h.slack.fail.set('chat.unfurl', 'cannot_prompt');
    try {
      const before = h.slack.callsTo('chat.postEphemeral').length;
      const shared = await share('UDECLINED', [linkTo(1)]);
      await h.slack.waitFor(() => unfurlCallsFor(shared)[0], 'the prompt');
      await settled(shared);
      expect(h.slack.callsTo('chat.postEphemeral').length).toBe(before);
    } finally {
      h.slack.fail.delete('chat.unfurl');
    }
  });
});

describe('the details panel of a talep (entity_details_requested)', () => {
  const open = async (userId: string, talepId: number) => {
    const trigger = `trigger-${Date.now()}-${Math.random()}`;
    const url = linkTo(talepId);
    await h.send.event({
      type: 'entity_details_requested',
      user: userId,
      external_ref: { id: String(talepId), type: 'talep' },
      entity_url: url,
      link: { url, domain: new URL(url).host },
      app_unfurl_url: url,
      trigger_id: trigger,
      user_locale: 'en-US',
      channel: 'C-links',
      message_ts: '1700001000.000001',
      event_ts: '1700001000.000002',
    });
    return h.slack.waitFor(() => h.slack.callsTo('entity.presentDetails').find((call) => call.args.trigger_id === trigger), 'entity.presentDetails');
  };

  it("answers with the viewer's card, the latest public comments (never agents-only) and what the viewer may do", async () => {
    const call = await open(people.admin.userId, 2);
    const entity = call.args.metadata as Entity;
    expect(entity).toMatchObject({ entity_type: 'slack#/entities/task', external_ref: { id: '2' }, url: linkTo(2) });
    const comments = entity.entity_payload.custom_fields?.filter((field) => field.key.startsWith('comment_')).map((field) => field.value);
    expect(comments).toEqual(['Attached. It says error 809.', 'Can you send a screenshot of the error?']);
    expect(json(call.args)).not.toContain('Gateway certificate expired');
    expect(entity.entity_payload.actions?.primary_actions?.map((action) => action.text)).toEqual(['Open in help desk', 'Show in Slack']);
    expect(entity.entity_payload.actions?.overflow_actions?.map((action) => [action.text, action.value])).toEqual([['Assign to me', '2']]);
  });

  it('tells a viewer without a link how to connect, and never shows them the talep', async () => {
    const call = await open(people.stranger.userId, 2);
    expect(call.args.metadata).toBeUndefined();
    expect(call.args.error).toMatchObject({ status: 'custom', custom_title: 'Connect your help-desk account' });
    expect(json(call.args.error)).toContain('/talep connect');
  });

  it("says whose talep it is when the viewer may not read it, and that a missing one is not found", async () => {
    const foreign = await open(people.user.userId, 5);
    expect(foreign.args.metadata).toBeUndefined();
    expect(json(foreign.args.error)).toContain('Talep #5 belongs to someone else');
    const missing = await open(people.agent.userId, 999);
    expect(missing.args.error).toEqual({ status: 'not_found' });
  });

  it('its "Show in Slack" action shows the talep card to the viewer', async () => {
    const answer = await pressAnswer(h, 'agent', { action_id: 'talep_show', value: '2' });
    expect(json(answer.post)).toContain('Cannot connect to the VPN from home');
  });
});

describe('where Work Objects are not available', () => {
  it('previews taleps in Block Kit, and stops trying Work Objects in that workspace for a while', async () => {
    h.slack.workObjects = false;
    try {
      const url = linkTo(2);
      const shared = await sharedBy('agent', [url], { channel: 'C-classic' });
      const preview = await previewOf(shared, url);
      expect(preview.kind).toBe('blocks');
      const blocks = json(preview.payload);
      expect(blocks).toContain('Cannot connect to the VPN from home');
      expect(blocks).toContain('In progress');
      for (const secret of NOT_FOR_A_CHANNEL) expect(blocks).not.toContain(secret);
      expect((await settled(shared)).map((call) => Object.keys(call.args).filter((name) => name === 'metadata' || name === 'unfurls'))).toEqual([['metadata'], ['unfurls']]);

      const next = await sharedBy('agent', [linkTo(1)], { channel: 'C-classic' });
      await previewOf(next, linkTo(1));
      expect((await settled(next)).map((call) => 'metadata' in call.args)).toEqual([false]);
    } finally {
      h.slack.workObjects = true;
    }
  });
});

describe('documentation links', () => {
  it("are previewed through the documentation site's oEmbed proxy (the sandbox's stand-in), for anyone", async () => {
    const url = `${h.sandbox.docsSiteUrl}/clear-a-printer-jam/`;
    const unknown = `${h.sandbox.docsSiteUrl}/no-such-page/`;
    const shared = await sharedBy('stranger', [url, unknown]);
    const preview = await previewOf(shared, url);
    expect(preview.kind).toBe('blocks');
    const text = json(preview.payload);
    expect(text).toContain('Clear a printer jam');
    expect(text).toContain('remove the jammed sheet *slowly*');
    expect(text).toContain('by Mehmet Kaya · Help-desk documentation');
    await settled(shared);
    expect([...h.slack.previewsOf(shared.channel, shared.ts).keys()]).toEqual([url]);
  });
});

describe('each message is previewed once', () => {
  it('a re-sent event (same event id) is handled once, and the message’s links are not previewed again', async () => {
    const url = linkTo(4);
    const ts = nextTs();
    const shared = await sharedBy('user', [url], { ts, eventId: 'EvONCE1' });
    await previewOf(shared, url);
    await sharedBy('user', [url], { ts, eventId: 'EvONCE1', retryNum: 1 });
    await sharedBy('user', [url], { ts, eventId: 'EvONCE2' }); // another delivery of the same message
    expect(await settled(shared)).toHaveLength(1);
    expect(h.logs.some((line) => line.includes('EvONCE1') && line.includes('delivered again'))).toBe(true);
  });

  it('links still in the composer, and conversations without the bot, get no preview', async () => {
    const composer = await sharedBy('agent', [linkTo(2)], { source: 'composer' });
    const outside = await sharedBy('agent', [linkTo(2)], { member: false });
    expect(await settled(composer)).toEqual([]);
    expect(await settled(outside)).toEqual([]);
  });
});
