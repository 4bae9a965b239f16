/**
 * What the playground sends the bot when a person acts in the page (src/playground/interactions.ts):
 * Slack's payloads, signed with the signing secret, and the bot's HTTP answers applied as Slack applies
 * them (inline errors, update, push, clear, options, a message in an ack), late or failed acks reported.
 * The "bot" here is a small server that checks each signature and answers what a test asks.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SlackInteractions } from '../../src/playground/interactions.js';
import { slackSignature } from '../../src/playground/signed-requests.js';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { Workspace } from '../../src/playground/workspace.js';

const SECRET = 'playground-test-secret';

interface Received {
  contentType: string;
  signedCorrectly: boolean;
  body: Record<string, unknown>;
}

let standIn: SlackStandIn;
let ws: Workspace;
let bot: Server;
let botUrl = '';
const received: Received[] = [];
let answer: { status: number; body?: unknown; delayMs?: number } = { status: 200 };

beforeAll(async () => {
  standIn = await new SlackStandIn().start();
  ws = new Workspace(standIn, {
    team: { id: 'T1', name: 'Team' },
    app: { name: 'Talep', id: 'A1', botUserId: 'UBOT', botId: 'BBOT' },
    people: [{ id: 'U1', name: 'ayse', realName: 'Ayşe Yılmaz', email: 'ayse@example.com', timeZone: 'Europe/Istanbul', title: '' }],
    channels: [{ id: 'C1', name: 'helpdesk', topic: '' }],
    shortcuts: { message: [], global: [] },
    command: { name: '/talep', description: '', usageHint: '' },
    linkedAs: () => undefined,
    pageUrl: () => 'http://127.0.0.1:9',
  });
  bot = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = Number(req.headers['x-slack-request-timestamp']);
      const contentType = String(req.headers['content-type']);
      const form = new URLSearchParams(raw);
      const body = contentType.includes('json')
        ? (JSON.parse(raw) as Record<string, unknown>)
        : form.has('payload')
          ? (JSON.parse(form.get('payload') ?? '{}') as Record<string, unknown>)
          : Object.fromEntries(form);
      received.push({ contentType, signedCorrectly: req.headers['x-slack-signature'] === slackSignature(SECRET, timestamp, raw), body });
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  botUrl = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/slack/events`;
});
afterAll(async () => {
  await standIn?.close();
  await new Promise((resolve) => bot?.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answer = { status: 200 };
});

const interactions = (extra: Partial<ConstructorParameters<typeof SlackInteractions>[0]> = {}) =>
  new SlackInteractions({
    workspace: ws,
    standIn,
    bot: { eventsUrl: botUrl, signingSecret: SECRET },
    team: { id: 'T1', domain: 'team' },
    appId: 'A1',
    botUserId: 'UBOT',
    command: '/talep',
    ...extra,
  });
const last = () => received.at(-1) as Received;
const input = (blockId: string, element: Record<string, unknown>) => ({ type: 'input', block_id: blockId, label: { type: 'plain_text', text: blockId }, element });
const modal = (blocks: unknown[]) => ({ type: 'modal', callback_id: 'form', title: { type: 'plain_text', text: 'Form' }, submit: { type: 'plain_text', text: 'Save' }, blocks });
const openModal = async (blocks: unknown[]) => {
  const response = await fetch(`${standIn.apiUrl}views.open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${standIn.botToken}` },
    body: JSON.stringify({ trigger_id: ws.issueTrigger('U1'), view: modal(blocks) }),
  });
  return ((await response.json()) as { view: { id: string } }).view.id;
};

describe('requests to the bot', () => {
  it('a slash command is form-encoded, signed, with a response_url and a trigger; an ack’s message is shown to the person', async () => {
    answer = { status: 200, body: { text: 'Here is *your* answer' } };
    await interactions().command({ as: 'U1', channel: 'C1', text: 'whoami' });
    expect(last()).toMatchObject({ contentType: 'application/x-www-form-urlencoded', signedCorrectly: true });
    expect(last().body).toMatchObject({ command: '/talep', text: 'whoami', user_id: 'U1', channel_id: 'C1', channel_name: 'helpdesk', team_id: 'T1' });
    expect(String(last().body.response_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/respond\//);
    const shown = ws.snapshotFor('U1').conversations[0]?.messages.at(-1);
    expect(shown).toMatchObject({ text: 'Here is *your* answer', ephemeral: true, user: 'UBOT' });
  });

  it('a message shortcut carries the message as Slack gives it, files included', async () => {
    const file = ws.addFile('U1', 'log.txt', 'text/plain', Buffer.from('boom'));
    const message = ws.post({ channel: 'C1', user: 'U1', text: 'it broke', files: [file] });
    await interactions().shortcut({ as: 'U1', callbackId: 'open_talep', message: { channel: 'C1', ts: message.ts } });
    expect(last().signedCorrectly).toBe(true);
    expect(last().body).toMatchObject({
      type: 'message_action',
      callback_id: 'open_talep',
      channel: { id: 'C1', name: 'helpdesk' },
      message_ts: message.ts,
      message: { type: 'message', ts: message.ts, user: 'U1', text: 'it broke', files: [{ name: 'log.txt', url_private_download: `${standIn.url}/files/${file.id}` }] },
    });
    // The bot can fetch the file with its token, as from Slack.
    const download = await fetch(String(file.url_private_download), { headers: { authorization: `Bearer ${standIn.botToken}` } });
    expect(await download.text()).toBe('boom');
  });

  it('a button in an ephemeral message: no message in the payload, the message state, a response_url', async () => {
    const blocks = [{ type: 'actions', block_id: 'row', elements: [{ type: 'button', action_id: 'go', text: { type: 'plain_text', text: 'Go' }, value: '42' }] }];
    const card = ws.post({ channel: 'C1', user: 'UBOT', text: 'card', blocks, ephemeralFor: 'U1' });
    await interactions().action({ as: 'U1', place: { kind: 'message', channel: 'C1', ts: card.ts }, action: { action_id: 'go', block_id: 'row', type: 'button' }, state: {} });
    expect(last().body).toMatchObject({
      type: 'block_actions',
      container: { type: 'message', message_ts: card.ts, channel_id: 'C1', is_ephemeral: true },
      actions: [{ action_id: 'go', block_id: 'row', type: 'button', value: '42', text: { type: 'plain_text', text: 'Go' } }],
      state: { values: {} },
    });
    expect(last().body.message).toBeUndefined();
    await expect(
      interactions().action({ as: 'U1', place: { kind: 'message', channel: 'C1', ts: card.ts }, action: { action_id: 'made-up', block_id: 'row', type: 'button' }, state: {} }),
    ).rejects.toThrow(/not there/);
  });

  it('opening the Home tab sends app_home_opened as JSON', async () => {
    await interactions().openHome({ as: 'U1' });
    expect(last()).toMatchObject({ contentType: 'application/json', signedCorrectly: true });
    expect(last().body).toMatchObject({ type: 'event_callback', event: { type: 'app_home_opened', user: 'U1', channel: 'DU1', tab: 'home' } });
  });
});

describe('a modal’s submission answered', () => {
  const field = input('subject', { type: 'plain_text_input', action_id: 'value' });

  it('with errors: the errors come back to the page, the modal stays', async () => {
    const viewId = await openModal([field]);
    answer = { status: 200, body: { response_action: 'errors', errors: { subject: 'Too short.' } } };
    const state = { subject: { value: { type: 'plain_text_input', value: 'x' } } };
    expect(await interactions().submit({ as: 'U1', viewId, state })).toEqual({ outcome: 'errors', errors: { subject: 'Too short.' } });
    expect(last().body).toMatchObject({ type: 'view_submission', view: { id: viewId, callback_id: 'form', state: { values: state } } });
    expect(ws.snapshotFor('U1').modals.at(-1)?.id).toBe(viewId);
  });

  it('with update, push and clear, as Slack does; with nothing, the view closes', async () => {
    const viewId = await openModal([field]);
    answer = { status: 200, body: { response_action: 'update', view: modal([field]) } };
    expect(await interactions().submit({ as: 'U1', viewId, state: {} })).toEqual({ outcome: 'updated' });
    answer = { status: 200, body: { response_action: 'push', view: modal([field]) } };
    expect(await interactions().submit({ as: 'U1', viewId, state: {} })).toEqual({ outcome: 'pushed' });
    expect(ws.snapshotFor('U1').modals).toHaveLength(2);
    const pushed = ws.snapshotFor('U1').modals.at(-1)?.id ?? '';
    answer = { status: 200 };
    expect(await interactions().submit({ as: 'U1', viewId: pushed, state: {} })).toEqual({ outcome: 'closed' });
    expect(ws.snapshotFor('U1').modals.map((m) => m.id)).toEqual([viewId]);
    answer = { status: 200, body: { response_action: 'clear' } };
    expect(await interactions().submit({ as: 'U1', viewId, state: {} })).toEqual({ outcome: 'cleared' });
    expect(ws.snapshotFor('U1').modals).toEqual([]);
  });

  it('with a view Slack would refuse: kept open, and the refusal shown', async () => {
    const viewId = await openModal([field]);
    answer = { status: 200, body: { response_action: 'update', view: { ...modal([]), title: { type: 'plain_text', text: 'A title far longer than 24 characters' } } } };
    expect(await interactions().submit({ as: 'U1', viewId, state: {} })).toEqual({ outcome: 'kept' });
    const notice = ws.snapshotFor('U1').notices.at(-1);
    expect(notice).toMatchObject({ kind: 'refused' });
    expect(notice?.lines.join(' ')).toContain('[json-pointer:/view/title/text]');
    standIn.takeViolations();
    ws.clearModals('U1');
  });
});

describe('options and acks', () => {
  it('an external select’s options come from the bot, checked against the limits', async () => {
    const picker = input('pick', { type: 'external_select', action_id: 'talep', min_query_length: 1 });
    const viewId = await openModal([picker]);
    const option = { text: { type: 'plain_text', text: '#1 Printer' }, value: '1' };
    answer = { status: 200, body: { options: [option] } };
    const place = { kind: 'view' as const, viewId };
    expect(await interactions().options({ as: 'U1', place, actionId: 'talep', blockId: 'pick', value: 'print', state: {} })).toEqual({ options: [option] });
    expect(last().body).toMatchObject({ type: 'block_suggestion', action_id: 'talep', block_id: 'pick', value: 'print', container: { type: 'view', view_id: viewId } });
    answer = { status: 200, body: { options: [{ ...option, text: { type: 'plain_text', text: 'x'.repeat(76) } }] } };
    const refused = await interactions().options({ as: 'U1', place, actionId: 'talep', blockId: 'pick', value: 'print', state: {} });
    expect(refused.options).toEqual([]);
    expect(refused.refused?.join(' ')).toContain('[json-pointer:/options/0/text/text]');
    standIn.takeViolations();
    ws.clearModals('U1');
  });

  it('a late ack is reported with Slack’s 3-second rule; a failed one as Slack words it', async () => {
    answer = { status: 200, delayMs: 60 };
    await interactions({ ackDeadlineMs: 20 }).command({ as: 'U1', channel: 'C1', text: 'mine' });
    expect(ws.snapshotFor('U1').notices.at(-1)).toMatchObject({ kind: 'slow', lines: [expect.stringContaining('operation_timeout')] });
    answer = { status: 500, body: 'boom' };
    await interactions().command({ as: 'U1', channel: 'C1', text: 'mine' });
    expect(ws.snapshotFor('U1').notices.at(-1)).toMatchObject({ kind: 'failed' });
    const slackbot = ws.snapshotFor('U1').conversations[0]?.messages.at(-1);
    expect(slackbot).toMatchObject({ user: 'USLACKBOT', ephemeral: true, text: '/talep failed with the error "dispatch_failed"' });
  });
});
