/**
 * `npm run playground`: the bot, the sandbox help desk and a local Slack in one process, with a web
 * page on 127.0.0.1 that looks and behaves like a small Slack client. Prints the page's address.
 *
 *   PLAYGROUND_PORT   the page's port (default 3300; 0 picks a free one)
 *   PLAYGROUND_DATA   keep the bot's store (and its key file) and the help desk's data in this directory
 *                     (default: in memory, a fresh start every time); the Slack side always starts afresh
 *   LOG_LEVEL         the bot's log level (default warn)
 */
import * as z from 'zod';
import { createLogger } from '../logger.js';
import { startPlayground } from './playground.js';
import { PEOPLE } from './seed.js';

const env = z
  .object({
    PLAYGROUND_PORT: z.coerce.number().int().min(0).max(65_535).default(3300),
    PLAYGROUND_DATA: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('warn'),
  })
  .safeParse(process.env);
if (!env.success) {
  process.stderr.write(`playground: ${z.prettifyError(env.error)}\n`);
  process.exit(1);
}

try {
  const playground = await startPlayground({
    port: env.data.PLAYGROUND_PORT,
    ...(env.data.PLAYGROUND_DATA ? { dataDir: env.data.PLAYGROUND_DATA } : {}),
    logger: createLogger(env.data.LOG_LEVEL),
  });
  const people = PEOPLE.map((person) => `    ${person.name.padEnd(9)} ${person.realName.padEnd(13)} ${person.helpdesk ? `linked to the help desk's "${person.helpdesk}"` : 'not linked yet (try /talep connect)'}`);
  process.stdout.write(
    [
      '',
      `  talep-bot playground: ${playground.url}`,
      '',
      '  A local Slack workspace with the bot in it. Pick who you are at the top of the page:',
      ...people,
      `  The sandbox help desk is at ${playground.sandbox.rootUrl} (password "demo" for every account).`,
      `  ${env.data.PLAYGROUND_DATA ? `Data is kept in ${env.data.PLAYGROUND_DATA}.` : 'Everything is in memory: a restart starts afresh.'} Ctrl+C stops it.`,
      '',
    ].join('\n'),
  );
  const stop = async () => {
    await playground.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} catch (error) {
  const busy = (error as { code?: string }).code === 'EADDRINUSE';
  process.stderr.write(
    busy
      ? `playground: port ${env.data.PLAYGROUND_PORT} is taken; set PLAYGROUND_PORT to another (0 picks a free one).\n`
      : `playground failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
