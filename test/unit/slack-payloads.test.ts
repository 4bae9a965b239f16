/**
 * The kernel's edge schemas (src/slack/payloads.ts): Slack's own payload shapes (as its reference
 * documents them, with every kind of element state) pass untouched, and what the kernel would trip on
 * fails with a reason that names the place but never the value.
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  blockActionElement,
  blockActionPayload,
  blockSuggestionPayload,
  messageShortcutPayload,
  payloadProblem,
  shortcutPayload,
  slashCommandPayload,
  viewClosedPayload,
  viewSubmissionPayload,
} from '../../src/slack/payloads.js';
import { postToResponseUrl } from '../../src/slack/response-url.js';
import { isGone } from '../../src/slack/surface.js';

const option = (value: string) => ({ text: { type: 'plain_text', text: value, emoji: true }, value });
/** Every element's state as Slack sends `view.state.values`, filled in and empty. */
const state = {
  values: {
    subject: { value: { type: 'plain_text_input', value: 'Printer' } },
    empty: { value: { type: 'plain_text_input', value: null } },
    category: { value: { type: 'static_select', selected_option: option('3') } },
    none: { value: { type: 'static_select', selected_option: null } },
    tags: { value: { type: 'multi_static_select', selected_options: [option('a'), option('b')] } },
    techs: { value: { type: 'checkboxes', selected_options: [] } },
    person: { value: { type: 'users_select', selected_user: 'U0123ABC' } },
    people: { value: { type: 'multi_users_select', selected_users: ['U1', 'W2'] } },
    due: { value: { type: 'datepicker', selected_date: '2026-12-01' } },
    at: { value: { type: 'timepicker', selected_time: '09:30' } },
    when: { value: { type: 'datetimepicker', selected_date_time: 1_780_000_000 } },
    where: { value: { type: 'conversations_select', selected_conversation: 'C1' } },
    priority: { value: { type: 'radio_buttons', selected_option: { ...option('1'), description: { type: 'plain_text', text: 'High' } } } },
    files: { value: { type: 'file_input', files: [{ id: 'F1', name: 'a.png', url_private_download: 'https://files.slack.com/a.png' }] } },
    rich: { value: { type: 'rich_text_input', rich_text_value: { type: 'rich_text', elements: [] } } },
  },
};
const view = {
  id: 'V0123',
  team_id: 'T1',
  type: 'modal',
  blocks: [],
  private_metadata: '{"t":12}',
  callback_id: 'new_talep_form',
  state,
  hash: '1586450254.4b0a3c8e',
  title: { type: 'plain_text', text: 'New talep', emoji: true },
  clear_on_close: false,
  notify_on_close: true,
  close: null,
  submit: { type: 'plain_text', text: 'Create' },
  previous_view_id: null,
  root_view_id: 'V0123',
  app_id: 'A1',
  external_id: '',
  app_installed_team_id: 'T1',
  bot_id: 'B1',
};
const user = { id: 'U0123ABC', username: 'ayse', name: 'ayse', team_id: 'T1' };
const team = { id: 'T1', domain: 'acme' };

const messageAction = {
  type: 'block_actions',
  user,
  api_app_id: 'A1',
  token: 'legacy',
  container: { type: 'message', message_ts: '1700000000.000100', channel_id: 'C1', is_ephemeral: false },
  trigger_id: '123.456.abc',
  team,
  enterprise: null,
  is_enterprise_install: false,
  channel: { id: 'C1', name: 'helpdesk' },
  message: { type: 'message', ts: '1700000000.000100', text: 'card', user: 'UBOT', blocks: [] },
  state: { values: {} },
  response_url: 'https://hooks.slack.com/actions/T1/123/abc',
  actions: [{ action_id: 'talep_show', block_id: 'b1', text: { type: 'plain_text', text: 'Show' }, value: '12', type: 'button', action_ts: '1700000001.1' }],
};

const accepts = (schema: z.ZodType, value: unknown) => expect(schema.safeParse(value).error?.issues).toBeUndefined();
const problemOf = (schema: z.ZodType, value: unknown) => {
  const checked = schema.safeParse(value);
  expect(checked.success).toBe(false);
  return checked.success ? '' : payloadProblem(checked.error);
};

describe("Slack's own shapes pass", () => {
  it('block actions from a message, a modal, the App Home, and every kind of pressed element', () => {
    accepts(blockActionPayload, messageAction);
    accepts(blockActionPayload, { ...messageAction, container: { type: 'view', view_id: 'V0123' }, view, channel: undefined, message: undefined, response_url: undefined });
    accepts(blockActionPayload, { ...messageAction, container: { type: 'view', view_id: 'VH' }, view: { id: 'VH', type: 'home', hash: 'h', state: { values: {} }, private_metadata: '' } });
    for (const pressed of [
      { type: 'static_select', selected_option: option('12|status|2') },
      { type: 'overflow', selected_option: option('files|12') },
      { type: 'users_select', selected_user: 'W0123' },
      { type: 'datepicker', selected_date: '2026-12-01' },
      { type: 'checkboxes', selected_options: [option('true')] },
      { type: 'external_select', selected_option: null },
      { type: 'multi_conversations_select', selected_conversations: ['C1', 'D2'] },
    ]) {
      accepts(blockActionElement, { action_id: 'x', block_id: 'b', action_ts: '1.2', ...pressed });
    }
  });

  it('submissions, closed views, suggestions, shortcuts, message shortcuts and commands', () => {
    accepts(viewSubmissionPayload, { type: 'view_submission', team, user, api_app_id: 'A1', trigger_id: '1.2.3', view, response_urls: [], is_enterprise_install: false, enterprise: null });
    accepts(viewClosedPayload, { type: 'view_closed', team, user, api_app_id: 'A1', view, is_cleared: false });
    accepts(blockSuggestionPayload, { type: 'block_suggestion', user, team, container: { type: 'view', view_id: 'V0123' }, api_app_id: 'A1', action_id: 'att_talep_search', block_id: 'att_talep', value: 'printer', view });
    accepts(shortcutPayload, { type: 'shortcut', token: 'x', action_ts: '1.2', team, user, is_enterprise_install: false, enterprise: null, callback_id: 'new_talep', trigger_id: '1.2.3' });
    accepts(messageShortcutPayload, {
      type: 'message_action',
      token: 'x',
      action_ts: '1.2',
      team,
      user,
      channel: { id: 'C1', name: 'helpdesk' },
      is_enterprise_install: false,
      enterprise: null,
      callback_id: 'open_talep',
      trigger_id: '1.2.3',
      response_url: 'https://hooks.slack.com/app/T1/1/abc',
      message_ts: '1700000000.000100',
      message: { type: 'message', user: 'U2', ts: '1700000000.000100', text: 'The printer <@U3> jams', files: [{ id: 'F1' }] },
    });
    accepts(slashCommandPayload, {
      token: 'x',
      team_id: 'T1',
      team_domain: 'acme',
      channel_id: 'C1',
      channel_name: 'helpdesk',
      user_id: 'U0123ABC',
      user_name: 'ayse',
      command: '/talep',
      text: 'show 12',
      api_app_id: 'A1',
      is_enterprise_install: 'false',
      response_url: 'https://hooks.slack.com/commands/T1/1/abc',
      trigger_id: '1.2.3',
    });
  });
});

describe('what the kernel would trip on fails, named by place, never by value', () => {
  it('a title that is not text, state values of the wrong type, a 100 KB value, a response_url that is no web address', () => {
    const secret = `SECRET${'x'.repeat(100_000)}`;
    const submission = (change: Record<string, unknown>) => ({ type: 'view_submission', team, user, view: { ...view, ...change } });
    expect(problemOf(viewSubmissionPayload, submission({ title: { text: 5 } }))).toMatch(/^view\.title\.text: /);
    expect(problemOf(viewSubmissionPayload, submission({ state: undefined }))).toMatch(/^view\.state: /);
    expect(problemOf(viewSubmissionPayload, submission({ state: { values: { b: { a: { type: 'checkboxes', selected_options: 'x' } } } } }))).toMatch(
      /^view\.state\.values\.b\.a\.selected_options: /,
    );
    const huge = problemOf(blockActionElement, { action_id: 'x', type: 'button', value: secret });
    expect(huge).toMatch(/^value: /);
    expect(huge).not.toContain('SECRET');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'https://', 'https://hooks slack.com/x', 'https://user@evil.example/x', 'https://h/a\u0000b', 'https://h:123456/x']) {
      expect(problemOf(blockActionPayload, { ...messageAction, response_url: url })).toMatch(/^response_url: /);
    }
    for (const url of ['https://hooks.slack.com/actions/T1/1/abc?x=1', 'http://127.0.0.1:3000/respond/1', 'http://[::1]:3000/respond/1']) {
      expect(blockActionPayload.safeParse({ ...messageAction, response_url: url }).success).toBe(true);
    }
    expect(problemOf(blockActionPayload, { ...messageAction, user: { id: 'U1 <!here>' } })).toBe('user.id: is not a Slack id');
    expect(problemOf(messageShortcutPayload, { type: 'message_action', team, user, callback_id: 'x', trigger_id: 't', channel: { id: 'C1' } })).toMatch(/^message: /);
    const command = { command: '/talep', team_id: 'T1', user_id: 'U1', channel_id: 'C1', response_url: 'https://hooks.slack.com/commands/T1/1/abc', trigger_id: '1.2.3' };
    expect(problemOf(slashCommandPayload, { ...command, command: 'talep' })).toBe('command: must start with /');
  });
});

describe('a response_url that cannot be reached', () => {
  it('fails as "gone", so the surface answers through its fallback instead of throwing past it', async () => {
    const error = await postToResponseUrl('http://127.0.0.1:9/respond/x', { text: 'hi' }).catch((caught: unknown) => caught);
    expect(isGone(error)).toBe(true);
  });
});
