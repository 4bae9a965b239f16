/**
 * The bot restarted on the same DATA_DIR after two failed sign-ins (a crash loop, a deploy) must not
 * send a third bad credential inside the help desk's window: the sandbox blocks the IP for 5 minutes
 * after 3 wrong credentials, exactly as the real help desk does. Wired by the production `buildServices`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { buildServices } from '../../src/bootstrap.js';
import type { Services } from '../../src/slack/services.js';
import { createLogger } from '../../src/logger.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';

let sandbox: Sandbox;
let dataDir: string;
const encryptionKey = randomBytes(32);
const running: Services[] = [];

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, settings: { DisableRateLimit: true } });
  dataDir = await mkdtemp(join(tmpdir(), 'talep-bot-restart-'));
});

afterEach(async () => {
  for (const services of running.splice(0)) await services.helpdesk.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function startBot(): Promise<Services> {
  const services = await buildServices({
    config: {
      slack: { botToken: 'xoxb-test', signingSecret: 'secret', appToken: undefined, apiUrl: undefined, mode: 'http' },
      helpdesk: { url: sandbox.baseUrl, rateLimits: { enabled: false, general: 90, search: 60 } },
    },
    helpdeskUrl: sandbox.baseUrl,
    logger: createLogger('error', () => undefined),
    dataDir,
    encryptionKey,
  });
  running.push(services);
  return services;
}

/** A person pasting a token in the connect form: what `/talep connect` does. */
const paste = (services: Services, who: string, token: string) =>
  services.helpdesk
    .withCredential(bearer(token), { fairnessKey: `T1:${who}`, newCredential: true })
    .authorization()
    .then(
      () => 'ok',
      (error: { kind: string }) => error.kind,
    );

async function sandboxBlocksUs(): Promise<boolean> {
  const response = await request(`${sandbox.baseUrl}/Authorization`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('admin:demo').toString('base64')}` },
  });
  const text = await response.body.text();
  return response.statusCode === 403 && /block/i.test(text);
}

test('restart after 2 failed sign-ins, then a 3rd bad token: not sent, and the IP is not blocked', async () => {
  const agent = bearer(sandbox.tokenFor('agent'));
  const before = await startBot();
  expect(await before.helpdesk.withCredential(agent).authorization()).toMatchObject({ Username: 'agent' });
  expect(await paste(before, 'U1', '1.first-wrong-token')).toBe('unauthorized');
  expect(await paste(before, 'U2', '1.second-wrong-token')).toBe('unauthorized');
  // No orderly shutdown: the state that matters was written before each token was sent.

  const after = await startBot();
  expect(await paste(after, 'U3', '1.third-wrong-token')).toBe('auth-paused');
  expect(await sandboxBlocksUs()).toBe(false);
  // A token the help desk accepted before the restart is still known good, and keeps working.
  expect(await after.helpdesk.withCredential(agent).authorization()).toMatchObject({ Username: 'agent' });
});
