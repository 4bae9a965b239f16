/**
 * The e2e Slack stand-in checks what the bot sends like Slack does: a message or view past Block
 * Kit's limits is refused with Slack's error and recorded, so the e2e suites fail on it; what the app
 * answers over HTTP (options, a view submission's view) is checked and recorded too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { SlackRequests } from '../support/slack-requests.js';

let slack: SlackStandIn;
beforeAll(async () => {
  slack = await new SlackStandIn().start();
});
afterAll(async () => slack?.close());

const callApi = async (method: string, args: Record<string, unknown>) => {
  const response = await fetch(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${slack.botToken}` },
    body: JSON.stringify(args),
  });
  return (await response.json()) as Record<string, unknown> & { response_metadata?: { messages: string[] } };
};

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });
const tooLong = section('x'.repeat(3001));

describe('fake Slack: Web API calls', () => {
  it('accepts a valid message and records nothing', async () => {
    const answer = await callApi('chat.postMessage', { channel: 'C1', text: 'hi', blocks: [section('hi')] });
    expect(answer.ok).toBe(true);
    expect(slack.takeViolations()).toEqual([]);
  });

  it('refuses a message past the limits with invalid_blocks and Slack’s pointer, and records it', async () => {
    for (const method of ['chat.postMessage', 'chat.postEphemeral', 'chat.update', 'chat.scheduleMessage']) {
      const answer = await callApi(method, { channel: 'C1', text: 'hi', blocks: [section('ok'), tooLong] });
      expect(answer).toMatchObject({ ok: false, error: 'invalid_blocks' });
      expect(answer.response_metadata?.messages).toEqual([expect.stringContaining('[json-pointer:/blocks/1/text/text]')]);
      expect(slack.takeViolations()).toEqual([expect.objectContaining({ via: method, rule: 'section.text.length', path: '/blocks/1/text/text', actual: 3001 })]);
    }
  });

  it('takes a message Slack would only truncate, with Slack’s warning, and still records it', async () => {
    const answer = await callApi('chat.postMessage', { channel: 'C1', text: 'x'.repeat(40_001), blocks: [section('hi')] });
    expect(answer).toMatchObject({ ok: true, response_metadata: { warnings: ['message_truncated'] } });
    expect(slack.takeViolations().map((violation) => [violation.rule, violation.effect])).toEqual([['message.text.length', 'truncated']]);
    const url = slack.responseUrl();
    const split = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(4001) }) });
    expect(split.status).toBe(200);
    expect(slack.takeViolations().map((violation) => [violation.rule, violation.effect])).toEqual([['message.text_without_blocks.length', 'split']]);
  });

  it('refuses a view past the limits with invalid_arguments, pointing into /view', async () => {
    const view = { type: 'modal', title: { type: 'plain_text', text: 'A title longer than 24 chars' }, blocks: [] };
    for (const method of ['views.open', 'views.update', 'views.push']) {
      const answer = await callApi(method, { trigger_id: 't', view_id: 'V1', view });
      expect(answer).toMatchObject({ ok: false, error: 'invalid_arguments' });
      expect(answer.response_metadata?.messages).toEqual([expect.stringContaining('[json-pointer:/view/title/text]')]);
      expect(slack.takeViolations().map((violation) => [violation.via, violation.rule])).toEqual([[method, 'modal.title.length']]);
    }
    const home = await callApi('views.publish', { user_id: 'U1', view: { type: 'home', blocks: Array.from({ length: 101 }, () => ({ type: 'divider' })) } });
    expect(home).toMatchObject({ ok: false, error: 'invalid_arguments' });
    expect(slack.takeViolations().map((violation) => violation.rule)).toEqual(['blocks.count']);
  });

  it('answers a refused response_url post with HTTP 400 and does not deliver it', async () => {
    const url = slack.responseUrl();
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x', blocks: [tooLong] }) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('invalid_blocks');
    expect(slack.postsTo(url)).toEqual([]);
    expect(slack.takeViolations().map((violation) => [violation.via, violation.rule])).toEqual([['response_url', 'section.text.length']]);
    const delivered = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'fine' }) });
    expect(delivered.status).toBe(200);
    expect(slack.postsTo(url)).toEqual([{ text: 'fine' }]);
  });
});

describe('fake Slack: previews and workflow steps', () => {
  const entity = (url: string, extra: Record<string, unknown> = {}) => ({
    entity_type: 'slack#/entities/task',
    external_ref: { id: '1' },
    url,
    app_unfurl_url: url,
    entity_payload: { attributes: { title: { text: 'A' } }, fields: { assignee: { type: 'string', value: 'x' } } },
    ...extra,
  });

  it('chat.unfurl keeps one preview per URL of a message (a later call replaces), and checks unfurl blocks', async () => {
    expect(await callApi('chat.unfurl', { channel: 'C9', ts: '1.1', unfurls: { 'https://a/1': { blocks: [section('one')] } } })).toMatchObject({ ok: true });
    expect(await callApi('chat.unfurl', { channel: 'C9', ts: '1.1', unfurls: { 'https://a/1': { blocks: [section('two')] } } })).toMatchObject({ ok: true });
    expect([...slack.previewsOf('C9', '1.1').values()].map((preview) => JSON.stringify(preview.payload))).toEqual([JSON.stringify({ blocks: [section('two')] })]);
    expect(await callApi('chat.unfurl', { channel: 'C9', ts: '1.1', unfurls: { 'https://a/2': { blocks: [tooLong] } } })).toMatchObject({ ok: false, error: 'invalid_arguments' });
    expect(slack.takeViolations().map((violation) => violation.via)).toEqual(['chat.unfurl https://a/2']);
    expect(await callApi('chat.unfurl', { channel: 'C9', ts: '1.1' })).toMatchObject({ ok: false, error: 'missing_unfurls' });
    expect(await callApi('chat.unfurl', { unfurls: {} })).toMatchObject({ ok: false, error: 'missing_channel' });
  });

  it('chat.unfurl takes Work Objects that name themselves, and refuses them when they are off', async () => {
    expect(await callApi('chat.unfurl', { channel: 'C9', ts: '2.1', metadata: { entities: [entity('https://a/3')] } })).toMatchObject({ ok: true });
    expect(slack.previewsOf('C9', '2.1').get('https://a/3')?.kind).toBe('entity');
    const broken = await callApi('chat.unfurl', { channel: 'C9', ts: '2.1', metadata: { entities: [{ ...entity('https://a/4'), app_unfurl_url: undefined, external_ref: {} }] } });
    expect(broken).toMatchObject({ ok: false, error: 'invalid_metadata' });
    expect(broken.response_metadata?.messages).toEqual([
      'missing required field: external_ref [json-pointer:/metadata/entities/0]',
      'missing required field: app_unfurl_url [json-pointer:/metadata/entities/0]',
    ]);
    slack.workObjects = false;
    try {
      expect(await callApi('chat.unfurl', { channel: 'C9', ts: '2.1', metadata: { entities: [entity('https://a/3')] } })).toMatchObject({ ok: false, error: 'feature_not_enabled' });
    } finally {
      slack.workObjects = true;
    }
  });

  it('entity.presentDetails needs a trigger, and an entity with its reference and URL or an error', async () => {
    expect(await callApi('entity.presentDetails', { metadata: entity('https://a/5') })).toMatchObject({ ok: false, error: 'invalid_trigger_id' });
    expect(await callApi('entity.presentDetails', { trigger_id: 't', metadata: { ...entity('https://a/5'), url: undefined, app_unfurl_url: undefined } })).toMatchObject({ ok: false, error: 'invalid_arguments' });
    expect(await callApi('entity.presentDetails', { trigger_id: 't', metadata: { ...entity('https://a/5'), app_unfurl_url: undefined } })).toMatchObject({ ok: true });
    expect(await callApi('entity.presentDetails', { trigger_id: 't', error: { status: 'not_found' } })).toMatchObject({ ok: true });
  });

  it('a workflow step ends once, and only with its own token', async () => {
    const token = slack.functionToken('FxT');
    const complete = (args: Record<string, unknown>, bearer = token) =>
      fetch(`${slack.apiUrl}functions.completeSuccess`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(args) }).then((response) => response.json());
    expect(await complete({ function_execution_id: 'FxT', outputs: { a: 1 } }, slack.botToken)).toMatchObject({ ok: false, error: 'invalid_auth' });
    expect(await complete({ function_execution_id: 'FxT', outputs: { a: 1 } })).toMatchObject({ ok: true });
    expect(await complete({ function_execution_id: 'FxT', outputs: { a: 2 } })).toMatchObject({ ok: false });
    expect(slack.functionOutcomes.get('FxT')).toEqual({ ok: true, outputs: { a: 1 } });
  });
});

describe('fake Slack: what the app answers over HTTP', () => {
  let app: Server;
  let answer: unknown;
  let send: SlackRequests;
  beforeAll(async () => {
    app = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    send = new SlackRequests(`http://127.0.0.1:${(app.address() as AddressInfo).port}/slack/events`, 'secret', slack);
  });
  afterAll(async () => new Promise<void>((resolve) => app.close(() => resolve())));

  const option = (value: string) => ({ text: { type: 'plain_text', text: value }, value });

  it('checks the options answered to an external select', async () => {
    answer = { options: Array.from({ length: 100 }, (_, i) => option(`o${i}`)) };
    await send.blockSuggestion({ userId: 'U1' }, 'picker', 'abc');
    expect(slack.takeViolations()).toEqual([]);
    answer = { options: Array.from({ length: 101 }, (_, i) => option(`o${i}`)) };
    await send.blockSuggestion({ userId: 'U1' }, 'picker', 'abc');
    expect(slack.takeViolations().map((violation) => [violation.via, violation.rule])).toEqual([['block_suggestion response', 'options_response.options.count']]);
  });

  it('checks the view of a view submission’s update or push, and leaves errors alone', async () => {
    answer = { response_action: 'update', view: { type: 'modal', title: { type: 'plain_text', text: 'Done' }, blocks: [tooLong] } };
    await send.viewSubmission({ userId: 'U1' }, { callback_id: 'form' });
    expect(slack.takeViolations().map((violation) => [violation.via, violation.rule])).toEqual([['view_submission response', 'section.text.length']]);
    answer = { response_action: 'errors', errors: { block: 'x'.repeat(5000) } };
    await send.viewSubmission({ userId: 'U1' }, { callback_id: 'form' });
    expect(slack.takeViolations()).toEqual([]);
  });

  it('checks a message answered in a slash command’s acknowledgement', async () => {
    answer = { text: 'x'.repeat(4001) };
    await send.slash({ userId: 'U1' }, 'help');
    expect(slack.takeViolations().map((violation) => [violation.via, violation.rule])).toEqual([['slash_command response', 'message.text_without_blocks.length']]);
  });
});
