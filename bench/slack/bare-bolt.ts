/**
 * The baseline: a bare Bolt 5 app in HTTP mode, configured like talep-bot (signing secret, bot token,
 * the same Slack stand-in, ack before work), whose `/talep` handler only acks — or, in `modal` mode,
 * acks and opens a small modal, as the bot's `/talep new` and "Open a talep" do first. Optional no-op
 * listeners of the same kinds as the bot's show what the listener count alone costs.
 */
import { App } from '@slack/bolt';
import * as z from 'zod';
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import { type ListenerCounts, listenerCountsSchema } from './ipc.js';

export const bareBoltSettingsSchema = z.object({
  /** `ack`: `/talep` only acks. `modal`: `/talep` and "Open a talep" ack, then `views.open`. */
  mode: z.enum(['ack', 'modal']),
  /** No-op listeners to register besides the handler(s) above, by kind; their ids never match. */
  noop: listenerCountsSchema,
});
export type BareBoltSettings = z.infer<typeof bareBoltSettingsSchema>;

/** The environment variables a bare Bolt child reads: the bot's names, so both are launched alike. */
const envSchema = z.object({
  SLACK_BOT_TOKEN: z.string().min(1),
  SLACK_SIGNING_SECRET: z.string().min(1),
  SLACK_API_URL: z.url(),
  PORT: z.coerce.number().int().min(0),
  BENCH_BARE_BOLT: z.string().transform((text, ctx) => {
    try {
      return bareBoltSettingsSchema.parse(JSON.parse(text));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `BENCH_BARE_BOLT is not valid: ${String(error)}` });
      return z.NEVER;
    }
  }),
});

const loadingModal = {
  type: 'modal' as const,
  title: { type: 'plain_text' as const, text: 'New talep' },
  blocks: [{ type: 'section' as const, text: { type: 'mrkdwn' as const, text: ':hourglass_flowing_sand: Loading…' } }],
};

const noop = async (): Promise<void> => undefined;

/**
 * Registers `counts` no-op listeners; `/talep` itself is one of the commands, so one fewer of those.
 * Global middleware (`use`) is not mirrored: Bolt's constructor registers its own that way, and the
 * baseline already has those.
 */
export function registerNoopListeners(app: App, counts: ListenerCounts): void {
  for (const [kind, count = 0] of Object.entries(counts) as [keyof ListenerCounts, number | undefined][]) {
    const extra = kind === 'command' ? count - 1 : kind === 'use' ? 0 : count;
    for (let i = 0; i < extra; i++) {
      const id = `bench_noop_${kind}_${i}`;
      switch (kind) {
        case 'action': app.action(id, noop); break;
        case 'command': app.command(`/bench-noop-${i}`, noop); break;
        case 'event': app.event(id, noop); break;
        case 'message': app.message(id, noop); break;
        case 'options': app.options(id, noop); break;
        case 'shortcut': app.shortcut(id, noop); break;
        case 'view': app.view(id, noop); break;
        case 'function': app.function(id, noop); break;
        case 'use': break;
      }
    }
  }
}

export async function startBareBolt(env: NodeJS.ProcessEnv = process.env): Promise<App> {
  const config = envSchema.parse(env);
  const settings = config.BENCH_BARE_BOLT;
  const app = new App({
    token: config.SLACK_BOT_TOKEN,
    signingSecret: config.SLACK_SIGNING_SECRET,
    processBeforeResponse: false,
    clientOptions: { slackApiUrl: config.SLACK_API_URL },
    customRoutes: [
      {
        path: '/healthz',
        method: ['GET'],
        handler: (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('ok');
        },
      },
    ],
  });
  if (settings.mode === 'ack') {
    app.command('/talep', async ({ ack }) => {
      await ack();
    });
  } else {
    app.command('/talep', async ({ ack, command, client }) => {
      await ack();
      await client.views.open({ trigger_id: command.trigger_id, view: loadingModal });
    });
    app.shortcut({ callback_id: ShortcutIds.openTalep, type: 'message_action' }, async ({ ack, shortcut, client }) => {
      await ack();
      await client.views.open({ trigger_id: shortcut.trigger_id, view: loadingModal });
    });
  }
  registerNoopListeners(app, settings.noop);
  await app.start(config.PORT);
  process.once('SIGTERM', () => {
    void app.stop().finally(() => process.exit(0));
  });
  return app;
}
