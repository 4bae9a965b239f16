/**
 * The built bot with HELPDESK_WEBHOOK_SECRET and the embedded sandbox: it serves `POST /helpdesk/events`
 * on PORT (401 without the secret) and gives its sandbox the rule that calls it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';
import { BotProcess, ensureBuilt, freePort, tempDir } from '../support/bot-process.js';

let slack: SlackStandIn;
let bot: BotProcess | undefined;

beforeAll(async () => {
  ensureBuilt();
  slack = await new SlackStandIn().start();
}, 120_000);
afterAll(async () => {
  bot?.kill();
  await slack.close();
});

describe('npm start with HELPDESK_WEBHOOK_SECRET', () => {
  it('serves the webhook and wires the embedded sandbox to it', async () => {
    const port = await freePort();
    const secret = 'start-webhook-secret-0123456789';
    bot = new BotProcess(process.execPath, ['dist/index.js'], {
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: 'start-webhook-signing',
      SLACK_API_URL: slack.apiUrl,
      PORT: String(port),
      SANDBOX_PORT: String(await freePort()),
      DATA_DIR: await tempDir('notify-start'),
      HELPDESK_WEBHOOK_SECRET: secret,
      NOTIFY_POLL: 'off',
    });
    await bot.waitFor(/talep-bot listens on/);
    expect(bot.output).toContain('the embedded sandbox calls the webhook');
    expect(bot.output).not.toContain(secret);
    const url = `http://127.0.0.1:${port}/helpdesk/events`;
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"TalepID": 1}' });
    expect(refused.status).toBe(401);
    const accepted = await fetch(`${url}?secret=${secret}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"TalepID": 1}' });
    expect(accepted.status).toBe(202);
  }, 60_000);
});
