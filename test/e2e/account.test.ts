/**
 * Account linking end to end: signed requests to the Bolt receiver, the connect modal, the token check
 * through the lock-out guard, whoami/disconnect, a token the help desk stops accepting, and App Home.
 */
import { describe, expect, it, vi } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { ConnectIds } from '../../src/views/account/ids.js';
import { json, postTo } from '../support/e2e.js';
import { people } from '../support/harness.js';

const h = useHarness({ linked: ['admin', 'agent2'] });

const allSlackTraffic = () => JSON.stringify([h.slack.calls, h.slack.responsePosts]);

describe('request signing', () => {
  it('rejects unsigned and stale requests before any listener runs', async () => {
    const before = h.slack.calls.length;
    const body = new URLSearchParams({ command: '/talep', text: 'help', user_id: 'UAGENT', team_id: 'T1' }).toString();
    expect((await h.send.raw(body, {})).status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    expect((await h.send.signed(body, 'application/x-www-form-urlencoded', stale)).status).toBe(401);
    const other = await h.send.raw(body, { 'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)), 'x-slack-signature': 'v0=deadbeef' });
    expect(other.status).toBe(401);
    expect(h.slack.calls.length).toBe(before);
  });
});

describe('an unlinked user', () => {
  it('gets a Connect button instead of an error, ephemerally', async () => {
    const res = await h.send.slash(h.as('stranger'), 'whoami');
    expect(res.status).toBe(200);
    const post = await postTo(h, res.responseUrl);
    expect(post.response_type).toBe('ephemeral');
    expect(JSON.stringify(post.blocks)).toContain('account_connect_open');
  });

  it('opens the connect modal from the button', async () => {
    const opened = h.slack.callsTo('views.open').length;
    await h.send.blockAction(h.as('stranger'), { action_id: 'account_connect_open', value: 'connect' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.open')[opened], 'views.open');
    expect((call.args.view as { callback_id: string }).callback_id).toBe(ConnectIds.callbackId);
    expect(JSON.stringify(call.args.view)).toContain(`${h.sandbox.rootUrl}/User/Token/`);
  });
});

describe('/talep connect', () => {
  const submit = (token: string, person: 'agent' | 'user' | 'stranger' = 'agent') =>
    h.send.viewSubmission(h.as(person), {
      callback_id: ConnectIds.callbackId,
      id: `V-connect-${person}`,
      private_metadata: JSON.stringify({ channelId: 'C1' }),
      values: { [ConnectIds.tokenBlock]: { [ConnectIds.tokenInput]: { type: 'plain_text_input', value: token } } },
    });

  it('opens the modal immediately', async () => {
    const opened = h.slack.callsTo('views.open').length;
    await h.send.slash(h.as('agent'), 'connect');
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.open')[opened], 'views.open');
    expect((call.args.view as { callback_id: string }).callback_id).toBe(ConnectIds.callbackId);
  });

  it('answers a malformed token inline, without calling the help desk', async () => {
    const res = await submit('has spaces in it');
    expect(res.body).toEqual({ response_action: 'errors', errors: { [ConnectIds.tokenBlock]: expect.any(String) } });
    expect(await h.services.stores.accounts.get('T1', people.agent.userId)).toBeUndefined();
  });

  it('re-opens the form with the reason when the help desk refuses the token', async () => {
    // Someone else than the people linking below: after a failed paste the guard pauses that
    // person's next tries, while newcomers keep their own allowance.
    const res = await submit('definitely-not-a-valid-token', 'stranger');
    expect(res.body).toMatchObject({ response_action: 'update' });
    const update = await h.slack.waitFor(
      () => h.slack.callsTo('views.update').find((call) => call.args.view_id === 'V-connect-stranger' && JSON.stringify(call.args.view).includes('refused')),
      'the form with the refusal',
    );
    expect((update.args.view as { callback_id: string }).callback_id).toBe(ConnectIds.callbackId);
    expect(await h.services.stores.accounts.get('T1', people.stranger.userId)).toBeUndefined();
  });

  it('links a valid token, names the user and role, and never echoes the token', async () => {
    const token = h.sandbox.tokenFor('agent');
    await submit(token);
    await h.slack.waitFor(
      () => h.slack.callsTo('views.update').find((call) => JSON.stringify(call.args.view).includes('Connected as *agent*')),
      'the connected view',
    );
    const account = await h.services.stores.accounts.get('T1', people.agent.userId);
    expect(account).toMatchObject({ username: 'agent', role: 'agent', email: 'agent@example.com' });
    const ephemeral = await h.slack.waitFor(() => h.slack.callsTo('chat.postEphemeral').find((c) => c.args.user === people.agent.userId));
    expect(JSON.stringify(ephemeral.args)).toContain('Agent (Temsilci)');
    expect(allSlackTraffic()).not.toContain(token);
  });

  it('recognises a regular user', async () => {
    await submit(h.sandbox.tokenFor('user'), 'user');
    await vi.waitFor(async () => expect(await h.services.stores.accounts.get('T1', people.user.userId)).toBeDefined(), { timeout: 8_000 });
    expect((await h.services.stores.accounts.get('T1', people.user.userId))?.role).toBe('user');
  });

});

describe('whoami and disconnect', () => {
  it('whoami names the help-desk user and role', async () => {
    const res = await h.send.slash(h.as('agent2'), 'whoami');
    const post = await postTo(h, res.responseUrl);
    expect(post.response_type).toBe('ephemeral');
    expect(JSON.stringify(post.blocks)).toContain('*agent2* (agent2@example.com), role *Agent (Temsilci)*');
  });

  it('disconnect deletes the link', async () => {
    await h.link('agent2');
    const res = await h.send.slash(h.as('agent2'), 'disconnect');
    expect((await postTo(h, res.responseUrl)).text).toContain('Disconnected');
    expect(await h.services.stores.accounts.get('T1', people.agent2.userId)).toBeUndefined();
    const again = await h.send.slash(h.as('agent2'), 'whoami');
    expect(json(await postTo(h, again.responseUrl))).toContain('account_connect_open');
  });
});

describe('App Home', () => {
  it('publishes the link state when the Home tab opens', async () => {
    const before = h.slack.callsTo('views.publish').length;
    await h.send.event({ type: 'app_home_opened', user: people.admin.userId, channel: 'D1', tab: 'home' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.publish')[before], 'views.publish');
    expect(call.args.user_id).toBe(people.admin.userId);
    expect(JSON.stringify(call.args.view)).toContain('Connected as *admin*');
    await h.send.event({ type: 'app_home_opened', user: people.stranger.userId, channel: 'D2', tab: 'home' });
    const stranger = await h.slack.waitFor(() => h.slack.callsTo('views.publish').find((c) => c.args.user_id === people.stranger.userId));
    expect(JSON.stringify(stranger.args.view)).toContain('Connect help-desk account');
  });

  it('Disconnect on the Home tab removes the link and shows Connect again', async () => {
    await h.link('agent2');
    const before = h.slack.callsTo('views.publish').length;
    await h.send.blockAction(h.as('agent2'), { action_id: ConnectIds.disconnectAction, value: 'disconnect' }, { view: { id: 'V-home', type: 'home' } });
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.publish')[before], 'views.publish');
    expect(call.args.user_id).toBe(people.agent2.userId);
    expect(JSON.stringify(call.args.view)).toContain('account_connect_open');
    expect(await h.services.stores.accounts.get('T1', people.agent2.userId)).toBeUndefined();
  });

  it('shows a refused saved token on the Home tab with the one sentence for it', async () => {
    await h.link('agent2');
    await h.services.stores.accounts.markRejected('T1', people.agent2.userId, (await h.services.stores.accounts.get('T1', people.agent2.userId))?.linkedAt as Date);
    const before = h.slack.callsTo('views.publish').length;
    await h.send.event({ type: 'app_home_opened', user: people.agent2.userId, channel: 'D3', tab: 'home' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.publish')[before], 'views.publish');
    expect(JSON.stringify(call.args.view)).toContain('The help desk refused your saved token. Connect your account again.');
    expect(JSON.stringify(call.args.view)).toContain('account_connect_open');
  });
});
