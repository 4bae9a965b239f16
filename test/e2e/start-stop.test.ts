/**
 * The built bot as a process manager runs it: `npm start` (→ `node --single-threaded-gc dist/index.js`, nothing between),
 * against the Slack stand-in and the embedded sandbox. It must serve its health endpoints, answer a
 * signed command, and stop on SIGTERM sent to the npm process — both ports closed within 10 s. Each
 * start-up check's failure is told in one sentence and the process exits 1.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess, ensureBuilt, freePort, isListening, tempDir, waitUntilClosed } from '../support/bot-process.js';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { FakeSocketMode } from '../support/fake-socket-mode.js';
import { SlackRequests } from '../support/slack-requests.js';

const SIGNING_SECRET = 'start-stop-test-secret';
let slack: SlackStandIn;
const running: BotProcess[] = [];

beforeAll(async () => {
  ensureBuilt();
  slack = await new SlackStandIn().start();
}, 120_000);
afterEach(() => {
  for (const bot of running.splice(0)) bot.kill();
});
afterAll(async () => {
  await slack.close();
});

async function botEnv(extra: Record<string, string> = {}) {
  return {
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    DATA_DIR: await tempDir('start'),
    ...extra,
  };
}

function start(command: 'npm' | 'node', env: Record<string, string | undefined>): BotProcess {
  const bot = command === 'npm' ? new BotProcess('npm', ['start', '--silent'], env) : new BotProcess(process.execPath, ['dist/index.js'], env);
  running.push(bot);
  return bot;
}

/** Starts `node dist/index.js` and answers what it said when it exited. */
async function failedStart(env: Record<string, string | undefined>): Promise<string> {
  const bot = start('node', env);
  expect(await bot.exitCode()).toBe(1);
  return bot.output;
}

describe('npm start', () => {
  it('with no environment says what is missing at once, before any build', async () => {
    const started = Date.now();
    const bot = new BotProcess('npm', ['start', '--silent'], {});
    running.push(bot);
    expect(await bot.exitCode()).toBe(1);
    expect(bot.output).toContain('SLACK_BOT_TOKEN is required');
    expect(bot.output).not.toContain('building');
    // Measured about 0.3 s on the 2-core box; the 9 s TypeScript build is not on this path.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('runs the built bot: health, readiness and a signed /talep help; SIGTERM to npm closes both ports within 10 s', async () => {
    const env = await botEnv();
    const bot = start('npm', env);
    await bot.waitFor(/talep-bot listens on/);
    expect(bot.output).toMatch(/Slack: auth\.test passed — bot UBOT of app A0TESTAPP in Test team/);
    expect(bot.output).toMatch(/started the sandbox help desk/);

    const origin = `http://127.0.0.1:${env.PORT}`;
    expect(await (await fetch(`${origin}/healthz`)).text()).toBe('ok');
    const ready = await fetch(`${origin}/readyz`);
    const report = (await ready.json()) as { status: string; checks: Record<string, { status: string }> };
    expect([ready.status, report.status]).toEqual([200, 'ready']);
    expect(Object.fromEntries(Object.entries(report.checks).map(([name, check]) => [name, check.status]))).toEqual({
      slack: 'ok',
      helpdesk: 'ok',
      store: 'ok',
      jobs: 'ok',
    });

    const send = new SlackRequests(`${origin}/slack/events`, SIGNING_SECRET, slack);
    const help = await send.slash({ userId: 'UHELP', teamId: 'T1', channelId: 'C1' }, 'help');
    expect(help.status).toBe(200);
    expect(JSON.stringify(help.body ?? (await slack.waitFor(() => slack.postsTo(help.responseUrl ?? '')[0])))).toContain('/talep');

    const ports = [Number(env.PORT), Number(env.SANDBOX_PORT)];
    expect(await Promise.all(ports.map(isListening))).toEqual([true, true]);
    const signalledAt = Date.now();
    bot.child.kill('SIGTERM');
    const closedAfter = await waitUntilClosed(ports, 10_000);
    expect(closedAfter).toBeLessThan(10_000);
    expect(await bot.exitCode(10_000 - (Date.now() - signalledAt))).toBe(0);
    expect(bot.output).toMatch(/SIGTERM: stopping/);
    expect(bot.output).toMatch(/\bstopped\b/);
  });
});

describe('Ctrl-C under npm start', () => {
  it('SIGINT to the whole process group (terminal and npm both pass it on) still stops gracefully, exit 0', async () => {
    const env = await botEnv();
    const bot = start('npm', env);
    await bot.waitFor(/talep-bot listens on/);
    process.kill(-(bot.child.pid ?? 0), 'SIGINT');
    await waitUntilClosed([Number(env.PORT), Number(env.SANDBOX_PORT)], 10_000);
    expect(await bot.exitCode(10_000)).toBe(0);
    expect(bot.output).toMatch(/SIGINT: stopping/);
    expect(bot.output).not.toContain('exiting without waiting');
  });
});

describe('Socket Mode', () => {
  it('logs "connected", serves /healthz and /readyz on PORT, answers over the socket, reconnects visibly, stops on SIGTERM', async () => {
    const socket = await new FakeSocketMode().start();
    slack.socketUrl = socket.url;
    try {
      const env = await botEnv({ SLACK_APP_TOKEN: 'xapp-1-A0TESTAPP-1-secret', SLACK_SIGNING_SECRET: '' });
      const bot = start('npm', env);
      await bot.waitFor(/Socket Mode: connected to Slack/);
      await bot.waitFor(/talep-bot is running in Socket Mode/);
      const readyz = `http://127.0.0.1:${env.PORT}/readyz`;
      const ready = await fetch(readyz);
      expect(ready.status).toBe(200);
      expect(JSON.stringify(await ready.json())).toContain('Socket Mode connected');
      expect(await (await fetch(`http://127.0.0.1:${env.PORT}/healthz`)).text()).toBe('ok');

      // A slash command arrives as an envelope; the app acks it on the socket.
      socket.sendEnvelope({
        type: 'slash_commands',
        envelope_id: 'env-1',
        accepts_response_payload: true,
        payload: {
          command: '/talep', text: 'help', user_id: 'UHELP', user_name: 'help', team_id: 'T1', channel_id: 'C1',
          response_url: slack.responseUrl(), trigger_id: 'trigger-1', api_app_id: 'A0TESTAPP', token: 'legacy',
        },
      });
      await expect.poll(() => socket.received.find((message) => message.envelope_id === 'env-1'), { timeout: 5_000 }).toBeDefined();

      socket.drop();
      await bot.waitFor(/Socket Mode: the connection to Slack was lost; reconnecting/);
      const during = await fetch(readyz);
      expect(during.status).toBe(503);
      expect(JSON.stringify(await during.json())).toContain('Socket Mode reconnecting');
      await bot.waitFor(/Socket Mode: reconnected to Slack/, 15_000);
      expect((await fetch(readyz)).status).toBe(200);
      expect(socket.connections).toBe(2);

      bot.child.kill('SIGTERM');
      await waitUntilClosed([Number(env.PORT), Number(env.SANDBOX_PORT)], 10_000);
      expect(await bot.exitCode(10_000)).toBe(0);
    } finally {
      slack.socketUrl = undefined;
      await socket.close();
    }
  }, 40_000);

  it('an app token of another app than the bot token is told at start', async () => {
    const env = await botEnv({ SLACK_APP_TOKEN: 'xapp-1-A0OTHERAPP-1-secret', SLACK_SIGNING_SECRET: '' });
    expect(await failedStart(env)).toContain(
      'talep-bot cannot start: SLACK_BOT_TOKEN and SLACK_APP_TOKEN belong to different Slack apps (A0TESTAPP and A0OTHERAPP)',
    );
  });

  it('Slack refuses the app token (apps.connections.open)', async () => {
    const env = await botEnv({ SLACK_APP_TOKEN: 'xapp-1-A0TESTAPP-1-revoked', SLACK_SIGNING_SECRET: '' });
    expect(await failedStart(env)).toContain(
      'talep-bot cannot start: Socket Mode could not connect: Slack refused SLACK_APP_TOKEN (apps.connections.open: invalid_auth)',
    );
  });
});

describe('start-up checks fail fast with one sentence', () => {
  it('a token of another app, or installed without the manifest\'s scopes', async () => {
    slack.scopes = ['commands', 'chat:write'];
    try {
      expect(await failedStart(await botEnv())).toContain(
        'talep-bot cannot start: SLACK_BOT_TOKEN lacks the scopes chat:write.public, users:read, users:read.email, files:read, files:write, im:write (auth.test)',
      );
    } finally {
      slack.scopes = undefined;
    }
  });

  it('PORT equal to SANDBOX_PORT', async () => {
    const env = await botEnv();
    const output = await failedStart({ ...env, PORT: env.SANDBOX_PORT });
    expect(output).toContain(`PORT and SANDBOX_PORT are both ${env.SANDBOX_PORT}: the bot and the embedded sandbox help desk need a port each`);
  });

  it('PORT in use, and SANDBOX_PORT in use', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const taken = (holder.address() as { port: number }).port;
    try {
      const env = await botEnv();
      expect(await failedStart({ ...env, PORT: String(taken) })).toContain(
        `talep-bot cannot start: PORT=${taken} is already in use by another program (another talep-bot, or \`npm run sandbox\``,
      );
      expect(await failedStart({ ...env, SANDBOX_PORT: String(taken) })).toContain(
        `talep-bot cannot start: SANDBOX_PORT=${taken} is already in use by another program`,
      );
    } finally {
      holder.close();
    }
  });

  it('Slack refuses the bot token (auth.test), and the process does not linger', async () => {
    slack.fail.set('auth.test', 'invalid_auth');
    try {
      expect(await failedStart(await botEnv())).toContain('talep-bot cannot start: Slack refused SLACK_BOT_TOKEN (auth.test: invalid_auth)');
    } finally {
      slack.fail.delete('auth.test');
    }
  });

  it('Slack cannot be reached (auth.test names the call and the cause)', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/api/`;
    expect(await failedStart({ ...(await botEnv()), SLACK_API_URL: closed })).toContain(
      `talep-bot cannot start: Slack could not be reached: auth.test to ${closed} failed (connection refused (ECONNREFUSED))`,
    );
  });

  it('the help desk is not reachable, or is not this API', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/api`;
    expect(await failedStart({ ...(await botEnv()), HELPDESK_URL: closed })).toContain(
      `talep-bot cannot start: the help desk at HELPDESK_URL (${closed}) cannot be reached — POST ${closed}/Authorization got no answer: connection refused`,
    );
    const website: Server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
    });
    await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(website.address() as { port: number }).port}`;
      expect(await failedStart({ ...(await botEnv()), HELPDESK_URL: url })).toContain(
        `talep-bot cannot start: HELPDESK_URL (${url}) answers, but not as the help desk's API — nothing at POST ${url}/Authorization (404)`,
      );
    } finally {
      website.close();
    }
  });
});
