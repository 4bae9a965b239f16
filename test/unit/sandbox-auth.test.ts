/** Authentication, tokens, the IP lock-out and permission refusals, over raw HTTP. */
import { afterEach, describe, expect, test } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/server.js';
import { send, startTestSandbox } from './sandbox-http.js';

const started: Sandbox[] = [];
async function sandboxWith(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await startTestSandbox(options);
  started.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
});

const whoAmI = (sandbox: Sandbox, auth: string | { bearer: string }) => send(sandbox, '/Authorization', { method: 'POST', auth });

describe('credentials', () => {
  test('Basic auth, also as DOMAIN\\user', async () => {
    const sandbox = await sandboxWith();
    const plain = await whoAmI(sandbox, 'agent:demo');
    expect(plain.status).toBe(200);
    expect(plain.json()).toMatchObject({ UserID: 2, Username: 'agent', Email: 'agent@example.com', IsAdmin: false, IsTech: true });
    const domain = await whoAmI(sandbox, 'CORP\\agent2:demo');
    expect(domain.json()).toMatchObject({ UserID: 3, Username: 'agent2' });
  });

  test('no credentials or wrong ones are a 401 with a reason and a Basic challenge', async () => {
    const sandbox = await sandboxWith();
    const missing = await send(sandbox, '/Authorization', { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(missing.text).toContain('Authentication required');
    const wrong = await whoAmI(sandbox, 'agent:wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe('Invalid user name or password.');
    const badToken = await whoAmI(sandbox, { bearer: '2.not-the-mac' });
    expect(badToken.status).toBe(401);
    expect(badToken.text).toContain('Invalid or expired token');
  });

  test('a disabled account is refused with 403', async () => {
    const sandbox = await sandboxWith();
    await send(sandbox, '/UpdateUser', { auth: 'admin:demo', form: { userId: '4', disabled: 'true' } });
    const response = await whoAmI(sandbox, 'user:demo');
    expect(response.status).toBe(403);
    expect(response.text).toContain('disabled');
  });
});

describe('tokens', () => {
  test('GET <root>/User/Token?json=true returns the Bearer token; without json an HTML page shows it', async () => {
    const sandbox = await sandboxWith();
    const json = await send(sandbox, `${sandbox.rootUrl}/User/Token?json=true`, { auth: 'user:demo' });
    expect(json.status).toBe(200);
    const { token } = json.json<{ token: string }>();
    expect(token).toBe(sandbox.tokenFor('user'));
    expect((await whoAmI(sandbox, { bearer: token })).json()).toMatchObject({ Username: 'user' });

    const page = await send(sandbox, `${sandbox.rootUrl}/User/Token/`, { auth: 'user:demo' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(token);
    const anonymous = await send(sandbox, `${sandbox.rootUrl}/User/Token?json=true`);
    expect(anonymous.status).toBe(401);
  });

  test("changing a user's password invalidates that user's token only", async () => {
    const sandbox = await sandboxWith();
    const [userToken, agentToken] = [sandbox.tokenFor('user'), sandbox.tokenFor('agent')];
    const changed = await send(sandbox, '/UpdateUser', { auth: 'admin:demo', form: { userId: '4', password: 'n3w-Secret' } });
    expect(changed.status).toBe(200);
    expect((await whoAmI(sandbox, { bearer: userToken })).status).toBe(401);
    expect((await whoAmI(sandbox, { bearer: agentToken })).status).toBe(200);
    expect((await whoAmI(sandbox, 'user:n3w-Secret')).status).toBe(200);
    expect(sandbox.tokenFor('user')).not.toBe(userToken);
    expect((await whoAmI(sandbox, { bearer: sandbox.tokenFor('user') })).status).toBe(200);
  });

  test('changing the shared secret invalidates every token (Basic still works)', async () => {
    // Three refused tokens would trip the IP lock-out: allow more failures here.
    const sandbox = await sandboxWith({ settings: { SharedSecret: 'first' }, lockout: { maxFailures: 10 } });
    const tokens = ['admin', 'agent', 'user'].map((name) => sandbox.tokenFor(name));
    await sandbox.updateSettings({ SharedSecret: 'second' });
    for (const token of tokens) expect((await whoAmI(sandbox, { bearer: token })).status).toBe(401);
    expect((await whoAmI(sandbox, { bearer: sandbox.tokenFor('agent') })).status).toBe(200);
    expect((await whoAmI(sandbox, 'agent:demo')).status).toBe(200);
  });
});

describe('IP lock-out', () => {
  test('three wrong credentials block the IP for 5 minutes, even for good credentials', async () => {
    let clock = Date.parse('2026-02-02T10:00:00Z');
    const sandbox = await sandboxWith({ now: () => clock });
    expect((await whoAmI(sandbox, 'agent:nope')).status).toBe(401);
    expect((await whoAmI(sandbox, { bearer: '1.forged' })).status).toBe(401);
    const third = await whoAmI(sandbox, 'user:nope');
    expect(third.status).toBe(401);
    expect(third.text).toContain('now blocked for 5 minutes');

    const blocked = await whoAmI(sandbox, 'agent:demo');
    expect(blocked.status).toBe(403);
    expect(blocked.text).toBe('Your IP address is blocked after 3 failed sign-in attempts. Try again in 5 minutes.');
    const tokenPage = await send(sandbox, `${sandbox.rootUrl}/User/Token?json=true`, { auth: 'agent:demo' });
    expect(tokenPage.status).toBe(403);

    clock += 4 * 60_000 + 30_000;
    expect((await whoAmI(sandbox, 'agent:demo')).text).toContain('Try again in 1 minute.');
    clock += 30_000;
    expect((await whoAmI(sandbox, 'agent:demo')).status).toBe(200);
  });

  test('failures are counted per IP in a rolling window; missing credentials do not count', async () => {
    let clock = Date.parse('2026-02-02T10:00:00Z');
    const sandbox = await sandboxWith({ now: () => clock, trustProxy: true, lockout: { windowMs: 60_000, blockMs: 120_000 } });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 5; i++) expect((await send(sandbox, '/Authorization', { method: 'POST', headers: from('10.0.0.1') })).status).toBe(401);
    await send(sandbox, '/Authorization', { method: 'POST', auth: 'agent:x', headers: from('10.0.0.1') });
    await send(sandbox, '/Authorization', { method: 'POST', auth: 'agent:x', headers: from('10.0.0.1') });
    clock += 61_000; // both failures leave the window
    await send(sandbox, '/Authorization', { method: 'POST', auth: 'agent:x', headers: from('10.0.0.1') });
    expect((await send(sandbox, '/Authorization', { method: 'POST', auth: 'agent:demo', headers: from('10.0.0.1') })).status).toBe(200);

    for (let i = 0; i < 3; i++) await send(sandbox, '/Authorization', { method: 'POST', auth: 'agent:x', headers: from('10.0.0.2') });
    const blocked = await send(sandbox, '/Authorization', { method: 'POST', auth: 'agent:demo', headers: from('10.0.0.2') });
    expect(blocked.status).toBe(403);
    expect(blocked.text).toContain('Try again in 2 minutes');
    expect((await send(sandbox, '/Authorization', { method: 'POST', auth: 'agent:demo', headers: from('10.0.0.1') })).status).toBe(200);
  });
});

describe('permissions', () => {
  test('operation-level refusals name the permission', async () => {
    const sandbox = await sandboxWith();
    const users = await send(sandbox, '/Users', { auth: 'agent:demo' });
    expect(users.status).toBe(403);
    expect(users.text).toBe('This operation requires admin permission.');
    const templates = await send(sandbox, '/CommentTemplates', { auth: 'user:demo' });
    expect(templates.status).toBe(403);
    expect(templates.text).toBe('This operation requires agent permission.');
    expect((await send(sandbox, '/CommentTemplates', { auth: 'agent2:demo' })).status).toBe(200);
  });

  test("a regular user sees only their own taleps; a missing talep is a 404", async () => {
    const sandbox = await sandboxWith();
    expect((await send(sandbox, '/talep', { auth: 'user:demo', query: { id: '1' } })).status).toBe(200);
    const other = await send(sandbox, '/talep', { auth: 'user:demo', query: { id: '5' } });
    expect(other.status).toBe(403);
    expect(other.text).toContain('agent permission');
    const missing = await send(sandbox, '/talep', { auth: 'agent:demo', query: { id: '99' } });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('Talep 99 was not found.');
  });
});
