/**
 * The Slack stand-in on its own, for trying the bot by hand without a Slack workspace (and for timing
 * `npm ci && npm start` on a fresh clone): prints the `SLACK_API_URL` to start the bot with.
 *   node --import ./scripts/register-ts.mjs test/support/fake-slack-main.ts
 */
import { SlackStandIn } from '../../src/playground/slack-stand-in.js';

const slack = await new SlackStandIn().start();
process.stdout.write(`SLACK_API_URL=${slack.apiUrl} SLACK_BOT_TOKEN=${slack.botToken}\n`);
process.on('SIGTERM', () => void slack.close().then(() => process.exit(0)));
process.on('SIGINT', () => void slack.close().then(() => process.exit(0)));
