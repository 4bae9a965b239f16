/**
 * The start-up checks' sentences, one test per message: Slack's auth.test (refused, not a bot token,
 * another app, missing scopes, unreachable), ports (in use, not allowed, not an address), the help-desk
 * probe (this API, not reachable, not this API, refusing), and the configuration's port clash.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeHelpdesk } from '../../src/api/probe.js';
import { createLogger } from '../../src/logger.js';
import { loadConfig } from '../../src/config.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { listenProblem } from '../../src/startup/ports.js';
import { appIdOfAppToken, checkSlack, REQUIRED_BOT_SCOPES } from '../../src/startup/slack-check.js';
import { StartupError } from '../../src/startup/startup-error.js';
import { freePort } from '../support/bot-process.js';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';

let slack: SlackStandIn;
beforeAll(async () => {
  slack = await new SlackStandIn().start();
});
afterEach(() => {
  slack.fail.clear();
  slack.scopes = undefined;
});
afterAll(async () => {
  await slack.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the check to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(StartupError);
      return (error as Error).message;
    },
  );

describe('Slack: auth.test at start', () => {
  it('answers who the bot is, and its app', async () => {
    slack.scopes = [...REQUIRED_BOT_SCOPES, 'channels:read'];
    const identity = await checkSlack({ botToken: slack.botToken, apiUrl: slack.apiUrl, appToken: 'xapp-1-A0TESTAPP-1-x' });
    expect(identity).toEqual({ teamId: 'T1', team: 'Test team', botUserId: 'UBOT', botId: 'BBOT', appId: 'A0TESTAPP' });
  });

  it('a refused token', async () => {
    slack.fail.set('auth.test', 'invalid_auth');
    expect(await failure(checkSlack({ botToken: slack.botToken, apiUrl: slack.apiUrl }))).toBe(
      'Slack refused SLACK_BOT_TOKEN (auth.test: invalid_auth): copy it again from the app\'s settings ("OAuth & Permissions" → "Bot User OAuth Token"; reinstall the app if it was revoked).',
    );
  });

  it('a token that is not a bot token', async () => {
    const userTokenSlack = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, user_id: 'U1', team_id: 'T1', team: 'Team' }));
    });
    const url = await listen(userTokenSlack);
    try {
      expect(await failure(checkSlack({ botToken: 'xoxb-user', apiUrl: `${url}/api/` }))).toMatch(
        /^SLACK_BOT_TOKEN is not a bot token \(auth\.test names no bot\): use the "Bot User OAuth Token"/,
      );
    } finally {
      userTokenSlack.close();
    }
  });

  it('a token without the manifest\'s scopes (another app\'s, or an old install)', async () => {
    slack.scopes = ['commands'];
    expect(await failure(checkSlack({ botToken: slack.botToken, apiUrl: slack.apiUrl }))).toMatch(
      /^SLACK_BOT_TOKEN lacks the scopes chat:write, .* \(auth\.test\): it is another app's token, or the app was installed before manifest\.yml asked for them/,
    );
  });

  it('a token without the link-preview scopes starts, and says what stays off', async () => {
    slack.scopes = [...REQUIRED_BOT_SCOPES, 'channels:history', 'groups:history', 'reactions:read', 'reactions:write'];
    const warnings: string[] = [];
    const logger = { ...createLogger('error', () => undefined), warn: (...parts: unknown[]) => void warnings.push(parts.join(' ')) };
    await checkSlack({ botToken: slack.botToken, apiUrl: slack.apiUrl, logger });
    expect(warnings).toEqual([
      'SLACK_BOT_TOKEN lacks links:read, links:write: link previews stay off until the app is reinstalled from manifest.yml; everything else works.',
    ]);
  });

  it('a token without the conversation scopes starts, and says what stays off', async () => {
    slack.scopes = [...REQUIRED_BOT_SCOPES, 'links:read', 'links:write'];
    const warnings: string[] = [];
    const logger = { ...createLogger('error', () => undefined), warn: (...parts: unknown[]) => void warnings.push(parts.join(' ')) };
    await checkSlack({ botToken: slack.botToken, apiUrl: slack.apiUrl, logger });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^SLACK_BOT_TOKEN lacks channels:history, groups:history, reactions:read, reactions:write: thread sync and request channels, .*the emoji that opens a talep/);
  });

  it('bot and app-level tokens of different apps', async () => {
    expect(await failure(checkSlack({ botToken: slack.botToken, apiUrl: slack.apiUrl, appToken: 'xapp-1-A0OTHER-1-x' }))).toBe(
      "SLACK_BOT_TOKEN and SLACK_APP_TOKEN belong to different Slack apps (A0TESTAPP and A0OTHER): take both from the same app's settings.",
    );
    expect(appIdOfAppToken('xapp-1-A0123ABCD-4567-abcdef')).toBe('A0123ABCD');
  });

  it('no network: names the call, the address and the cause, without retrying', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/api/`;
    const started = Date.now();
    expect(await failure(checkSlack({ botToken: slack.botToken, apiUrl: closed }))).toBe(
      `Slack could not be reached: auth.test to ${closed} failed (connection refused (ECONNREFUSED)); check the network, a proxy or firewall, and SLACK_API_URL.`,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('an HTTP error from Slack', async () => {
    const broken = createServer((_req, res) => {
      res.writeHead(503);
      res.end('down');
    });
    const url = await listen(broken);
    try {
      expect(await failure(checkSlack({ botToken: slack.botToken, apiUrl: `${url}/api/` }))).toBe(
        `Slack answered auth.test with HTTP 503 at ${url}/api/: check SLACK_API_URL.`,
      );
    } finally {
      broken.close();
    }
  });
});

describe('ports', () => {
  it('in use, not allowed, not an address of this machine', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', syscall: 'listen' });
    expect(listenProblem(inUse, { variable: 'PORT', port: 8080, usualSuspects: '`npm run sandbox`' })).toBe(
      'PORT=8080 is already in use by another program (`npm run sandbox`?): stop it, or set PORT to a free port.',
    );
    const denied = Object.assign(new Error('listen EACCES'), { code: 'EACCES', syscall: 'listen' });
    expect(listenProblem(denied, { variable: 'SANDBOX_PORT', port: 80 })).toBe(
      'SANDBOX_PORT=80 may not be used by this user (ports below 1024 need privileges): set SANDBOX_PORT to a port above 1024.',
    );
    const noAddress = Object.assign(new Error('listen EADDRNOTAVAIL'), { code: 'EADDRNOTAVAIL', syscall: 'listen' });
    expect(listenProblem(noAddress, { variable: 'SANDBOX_PORT', port: 8080, host: '10.9.9.9', hostVariable: 'SANDBOX_HOST' })).toBe(
      '10.9.9.9 is not an address of this machine (SANDBOX_HOST): use 127.0.0.1, 0.0.0.0 or one of its addresses.',
    );
    expect(listenProblem(new Error('other'), { variable: 'PORT', port: 1 })).toBeUndefined();
  });

  it('PORT equal to SANDBOX_PORT with the embedded sandbox is a configuration error; with HELPDESK_URL it is not', () => {
    const base = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' };
    expect(() => loadConfig({ ...base, PORT: '8080' })).toThrow(
      'PORT and SANDBOX_PORT are both 8080: the bot and the embedded sandbox help desk need a port each — change one of them',
    );
    expect(loadConfig({ ...base, PORT: '8080', HELPDESK_URL: 'https://hd.example.com/api' }).port).toBe(8080);
  });
});

describe('the help-desk probe (no credentials: never a sign-in failure)', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('this API answers 401 without credentials', async () => {
    expect(await probeHelpdesk(sandbox.baseUrl)).toEqual({
      status: 'ok',
      detail: `POST ${sandbox.baseUrl}/Authorization asks for credentials (401), as this API does`,
      answeredInMs: expect.any(Number),
    });
  });

  it('not reachable', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/api`;
    expect(await probeHelpdesk(closed)).toEqual({
      status: 'unreachable',
      detail: `POST ${closed}/Authorization got no answer: connection refused (ECONNREFUSED)`,
    });
  });

  it('not this API: a wrong path, a web page, a redirect; and a failing gateway', async () => {
    const answers: Record<string, [number, Record<string, string>]> = {
      '/wrong/Authorization': [404, {}],
      '/web/Authorization': [200, { 'content-type': 'text/html' }],
      '/moved/Authorization': [302, { location: 'https://elsewhere.example/api/Authorization' }],
      '/down/Authorization': [502, {}],
      '/blocked/Authorization': [403, {}],
    };
    const site = createServer((req, res) => {
      const [status, headers] = answers[req.url ?? ''] ?? [500, {}];
      res.writeHead(status, headers);
      res.end(status === 403 ? 'Your IP address is blocked.' : '<html></html>');
    });
    const url = await listen(site);
    try {
      expect(await probeHelpdesk(`${url}/wrong`)).toEqual({
        status: 'not-this-api',
        detail: `nothing at POST ${url}/wrong/Authorization (404): HELPDESK_URL must be the API root, e.g. https://helpdesk.example.com/api`,
        answeredInMs: expect.any(Number),
      });
      expect(await probeHelpdesk(`${url}/web`)).toEqual({
        status: 'not-this-api',
        detail: `POST ${url}/web/Authorization answered 200 without credentials, where this API asks for them (401)`,
        answeredInMs: expect.any(Number),
      });
      expect((await probeHelpdesk(`${url}/moved`)).detail).toBe(
        `POST ${url}/moved/Authorization redirects (302) to https://elsewhere.example/api/Authorization: set HELPDESK_URL to the API root itself`,
      );
      expect(await probeHelpdesk(`${url}/down`)).toEqual({
        status: 'unreachable',
        detail: `POST ${url}/down/Authorization answered 502: the help desk (or a gateway in front of it) is failing`,
        answeredInMs: expect.any(Number),
      });
      expect(await probeHelpdesk(`${url}/blocked`)).toMatchObject({ status: 'refused' });
    } finally {
      site.close();
    }
  });

  it('a server that serves /Authorization on GET only is asked again with GET', async () => {
    const methods: string[] = [];
    const site = createServer((req, res) => {
      methods.push(req.method ?? '');
      res.writeHead(req.method === 'GET' ? 401 : 405);
      res.end();
    });
    const url = await listen(site);
    try {
      expect(await probeHelpdesk(`${url}/api`)).toMatchObject({ status: 'ok' });
      expect(methods).toEqual(['POST', 'GET']);
    } finally {
      site.close();
    }
  });

  it('does not count toward the IP lock-out, however often it runs', async () => {
    const strict = await startSandbox({ port: 0, lockout: { maxFailures: 1 } });
    try {
      for (let i = 0; i < 5; i += 1) expect((await probeHelpdesk(strict.baseUrl)).status).toBe('ok');
      const response = await fetch(`${strict.baseUrl}/talep?id=1`, { headers: { authorization: `Bearer ${strict.tokenFor('agent')}` } });
      expect(response.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

async function listen(server: Server, handler?: RequestListener): Promise<string> {
  if (handler) server.on('request', handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
