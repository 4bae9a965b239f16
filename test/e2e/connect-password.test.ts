/**
 * Connecting with the help-desk user name and password (signed requests to the real app, the sandbox
 * as help desk): the password is exchanged once for the user's token (GET /User/Token, Basic auth),
 * which is stored as a pasted token would be; the password never reaches a log line, a Slack call or
 * the store; a wrong password counts toward the lock-out guard like a wrong token, and the guard's
 * pause is told in the modal. Token paste stays. Off (token only) unless offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectIds } from '../../src/views/account/ids.js';
import { type Harness, people, startHarness } from '../support/harness.js';

const BLOCK_MS = 2_500;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    linked: ['admin'],
    connectWithPassword: true,
    guard: { blockMs: BLOCK_MS, failureWindowMs: BLOCK_MS },
    sandbox: { lockout: { blockMs: BLOCK_MS, windowMs: BLOCK_MS } },
  });
});
afterAll(async () => h?.close());

const signIn = (person: 'agent' | 'agent2' | 'user' | 'stranger', values: { username?: string; password?: string; token?: string }, viewId: string) =>
  h.send.viewSubmission(h.as(person), {
    callback_id: ConnectIds.callbackId,
    id: viewId,
    private_metadata: JSON.stringify({ channelId: 'C1' }),
    values: {
      [ConnectIds.loginBlock]: { [ConnectIds.loginInput]: { type: 'plain_text_input', value: values.username ?? null } },
      [ConnectIds.passwordBlock]: { [ConnectIds.passwordInput]: { type: 'plain_text_input', value: values.password ?? null } },
      [ConnectIds.tokenBlock]: { [ConnectIds.tokenInput]: { type: 'plain_text_input', value: values.token ?? null } },
    },
  });

/** The last modal shown in place of `viewId` once it no longer says "checking". */
const finalView = (viewId: string) =>
  h.slack.waitFor(() => {
    const last = h.slack.callsTo('views.update').filter((call) => call.args.view_id === viewId).at(-1);
    const text = last ? JSON.stringify(last.args.view) : '';
    return text && !text.includes('hourglass_flowing_sand') ? text : undefined;
  }, `the result in ${viewId}`);

/** Everything that left the bot or was kept by it: log lines, Slack calls and posts, the store. */
const everythingKept = () => JSON.stringify([h.logs, h.slack.calls, h.slack.responsePosts, h.services.stores.db?.data]);

describe('connect with user name and password', () => {
  it('offers both ways in the modal, with the warning that Slack shows what is typed', async () => {
    const opened = h.slack.callsTo('views.open').length;
    await h.send.slash(h.as('stranger'), 'connect');
    const view = JSON.stringify((await h.slack.waitFor(() => h.slack.callsTo('views.open')[opened], 'views.open')).args.view);
    expect(view).toContain(ConnectIds.loginBlock);
    expect(view).toContain(ConnectIds.passwordBlock);
    expect(view).toContain('Slack has no password field');
    expect(view).toContain(ConnectIds.tokenBlock);
    expect(view).toContain(`${h.sandbox.rootUrl}/User/Token/`);
  });

  it('links the account with the token the password is exchanged for, and the password is kept nowhere', async () => {
    const secretPassword = 'Sifre-Gizli-7731!';
    await h.helpdeskAs('admin').updateUser({ userId: 2, password: secretPassword });
    const token = h.sandbox.tokenFor('agent');
    const res = await signIn('agent', { username: 'agent', password: secretPassword }, 'V-pw-ok');
    expect(res.status).toBe(200);
    expect(await finalView('V-pw-ok')).toContain('Connected as *agent*');
    const account = await h.services.stores.accounts.get('T1', people.agent.userId);
    expect(account?.credential).toEqual({ kind: 'bearer', token });
    expect(h.logs.join('\n')).toMatch(/linked T1:UAGENT to help-desk user 2 \(agent\) by user name and password/);
    expect(everythingKept()).not.toContain(secretPassword);
    expect(everythingKept()).not.toContain(Buffer.from(`agent:${secretPassword}`).toString('base64'));
    const whoami = await h.send.slash(h.as('agent'), 'whoami');
    expect(JSON.stringify(await h.slack.waitFor(() => h.slack.postsTo(whoami.responseUrl ?? '')[0], 'whoami'))).toContain('*agent*');
  });

  it('a wrong password is refused in the modal (user name kept, password not), and counts as a failed sign-in', async () => {
    const wrongPassword = 'not-the-password-5512';
    await signIn('user', { username: 'user', password: wrongPassword }, 'V-pw-wrong');
    const view = await finalView('V-pw-wrong');
    expect(view).toContain('The help desk refused this user name and password.');
    expect(view).toContain('"initial_value":"user"');
    expect(everythingKept()).not.toContain(wrongPassword);
    expect(await h.services.stores.accounts.get('T1', people.user.userId)).toBeUndefined();

    // The guard counts wrong passwords like wrong tokens: one more (a newcomer's first try, which the
    // guard still lets through) makes two, and the third person's sign-in is paused, not sent.
    await signIn('agent2', { username: 'agent2', password: 'also-wrong-8841' }, 'V-pw-second');
    expect(await finalView('V-pw-second')).toContain('The help desk refused this user name and password.');
    await signIn('stranger', { username: 'agent', password: 'third-wrong-9902' }, 'V-pw-paused');
    const paused = await finalView('V-pw-paused');
    expect(paused).toContain('Sign-ins are paused');
    expect(everythingKept()).not.toMatch(/also-wrong-8841|third-wrong-9902/);
    // The help desk itself never saw the third failure that would block the bot's address.
    const probe = await fetch(`${h.sandbox.baseUrl}/Authorization`, { method: 'POST', headers: { authorization: `Bearer ${h.sandbox.tokenFor('admin')}` } });
    expect(probe.status).toBe(200);
  });

  it('asks for what is missing, and for one way only', async () => {
    const missingPassword = await signIn('stranger', { username: 'someone' }, 'V-pw-missing');
    expect(missingPassword.body).toEqual({ response_action: 'errors', errors: { [ConnectIds.passwordBlock]: 'Enter your password.' } });
    const both = await signIn('stranger', { username: 'someone', password: 'x', token: 'a-token-123456' }, 'V-pw-both');
    expect(both.body).toMatchObject({ response_action: 'errors', errors: { [ConnectIds.tokenBlock]: expect.stringContaining('not both') } });
    const nothing = await signIn('stranger', {}, 'V-pw-nothing');
    expect(nothing.body).toMatchObject({ response_action: 'errors', errors: { [ConnectIds.loginBlock]: expect.any(String) } });
  });

  it('token paste still works beside it', async () => {
    await new Promise((resolve) => setTimeout(resolve, BLOCK_MS + 200));
    await signIn('agent2', { token: h.sandbox.tokenFor('agent2') }, 'V-token');
    expect(await finalView('V-token')).toContain('Connected as *agent2*');
  });
});
