/** Authentication through the real client: Basic, Bearer, the token page, invalidation, the lock-out. */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { basic, bearer, type Credential } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import { isHelpdeskError } from '../../src/api/errors.js';
import { expectFailure, separateClient, startWorld, type World } from './world.js';

let world: World;
let clock: number;
beforeEach(async () => {
  clock = Date.parse('2026-02-02T10:00:00Z');
  world = await startWorld({ sandbox: { now: () => clock } });
});
afterEach(() => world.close());

describe('credentials', () => {
  test('Basic and Bearer authenticate the same user; DOMAIN\\user works', async () => {
    expect(await world.as(basic('agent2', 'demo')).authorization()).toMatchObject({ UserID: 3 });
    expect(await world.as(basic('EXAMPLE\\agent2', 'demo')).authorization()).toMatchObject({ UserID: 3 });
    expect(await world.agent2.authorization()).toMatchObject({ UserID: 3 });
  });

  test('fetchUserToken exchanges a name and password for the token that works as Bearer', async () => {
    const token = await world.client.fetchUserToken(basic('user', 'demo'));
    expect(token).toBe(world.sandbox.tokenFor('user'));
    expect(await world.as(bearer(token)).authorization()).toMatchObject({ Username: 'user' });
    await expectFailure(separateClient(world, basic('user', 'x')).fetchUserToken(basic('user', 'wrong')), 'unauthorized');
  });

  test('a password change invalidates that user’s token; a new one is issued', async () => {
    const oldToken = world.sandbox.tokenFor('user');
    const userClient = separateClient(world, bearer(oldToken));
    expect(await userClient.authorization()).toMatchObject({ UserID: 4 });
    await world.admin.updateUser({ userId: 4, password: 'Yeni-Parola-1' });
    await expectFailure(userClient.authorization(), 'unauthorized', /Invalid or expired token/);
    // Other users' tokens still work.
    expect(await world.agent.authorization()).toMatchObject({ UserID: 2 });
    const newToken = await separateClient(world, basic('user', 'Yeni-Parola-1')).fetchUserToken(basic('user', 'Yeni-Parola-1'));
    expect(newToken).not.toBe(oldToken);
    expect(await separateClient(world, bearer(newToken)).authorization()).toMatchObject({ UserID: 4 });
  });

  test('changing the shared secret invalidates all tokens', async () => {
    const agent = separateClient(world, bearer(world.sandbox.tokenFor('agent')));
    const user = separateClient(world, bearer(world.sandbox.tokenFor('user')));
    await world.sandbox.updateSettings({ SharedSecret: 'rotated-secret' });
    await expectFailure(agent.authorization(), 'unauthorized');
    await expectFailure(user.authorization(), 'unauthorized');
    expect(await separateClient(world, bearer(world.sandbox.tokenFor('agent'))).authorization()).toMatchObject({ UserID: 2 });
  });

  test('a disabled user is refused', async () => {
    await world.admin.updateUser({ userId: 4, disabled: true });
    await expectFailure(world.user.authorization(), 'forbidden', "The account 'user' is disabled.");
    expect((await world.admin.users({ listMode: 'disabled' })).map((user) => user.UserID)).toEqual([4]);
  });
});

describe('IP lock-out', () => {
  test('three wrong credentials block the IP for 5 minutes (client guard relaxed to let them through)', async () => {
    const reckless = new HelpdeskClient({ baseUrl: world.sandbox.baseUrl, throttle: { enabled: false }, guard: { maxFailures: 10 } });
    for (const name of ['agent', 'agent2', 'user'] as const) {
      await expectFailure(reckless.authorization({}, { credential: basic(name, 'wrong') }), 'unauthorized');
    }
    // The client recognises the block (403 + reason), pauses (shortened here), probes once more, and
    // then reports the help desk as unavailable with the server's reason.
    const observer = (credential: Credential) => separateClient(world, credential, { guard: { blockMs: 20 } });
    const blocked = await expectFailure(observer(basic('admin', 'demo')).authorization(), 'unavailable');
    expect(blocked.status).toBe(403);
    expect(blocked.reason).toBe('Your IP address is blocked after 3 failed sign-in attempts. Try again in 5 minutes.');
    // Even good Bearer tokens are refused while the IP is blocked.
    await expectFailure(observer(bearer(world.sandbox.tokenFor('agent'))).stats(), 'unavailable', /blocked/);

    clock += 5 * 60_000;
    expect(await separateClient(world, basic('admin', 'demo')).authorization()).toMatchObject({ UserID: 1 });
    await reckless.close();
  });

  test("the client's default guard never lets the bot trip the lock-out", async () => {
    const bot = new HelpdeskClient({ baseUrl: world.sandbox.baseUrl, throttle: { enabled: false } });
    const agentToken = bearer(world.sandbox.tokenFor('agent'));
    const pasted = (token: string, who: string) => ({ credential: bearer(token), fairnessKey: who, newCredential: true });
    expect(await bot.authorization({}, { credential: agentToken })).toMatchObject({ UserID: 2 });
    await expectFailure(bot.authorization({}, { credential: bearer('4.stored-gone-bad') }), 'unauthorized');
    // The second slot is kept for a newcomer's first try: another stored token may not use it...
    const second = await bot.authorization({}, { credential: bearer('4.stored-gone-bad-too') }).catch((error: unknown) => error);
    expect(isHelpdeskError(second, 'auth-paused')).toBe(true);
    // ...a person pasting a token for the first time may.
    await expectFailure(bot.authorization({}, pasted('4.pasted-wrong', 'T1:U1')), 'unauthorized');
    const third = await bot.authorization({}, pasted('4.third-try', 'T1:U2')).catch((error: unknown) => error);
    expect(isHelpdeskError(third, 'auth-paused')).toBe(true);
    // The server was never asked a third time: the verified token still works.
    expect(await bot.authorization({}, { credential: agentToken })).toMatchObject({ UserID: 2 });
    expect(await separateClient(world, basic('admin', 'demo')).authorization()).toMatchObject({ UserID: 1 });
    await bot.close();
  });
});
