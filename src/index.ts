/**
 * Entry point (`npm start` runs `node --single-threaded-gc dist/index.js` with `exec`, so signals reach
 * this process; it adds glibc's malloc settings to the environment and keeps V8's garbage collection on
 * one thread, see the README's production checklist).
 * The configuration is checked first, before the rest of the bot is even loaded, so a missing variable
 * is told within a second; then `start.ts` runs the start-up checks and starts the bot.
 */
// First: it caps V8's young generation before the rest loads (memory, see the module).
import './startup/young-generation.js';
import { ConfigError, loadConfig } from './config.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n\nSee the README's configuration table (and "Troubleshooting").\n`);
  process.exit(1);
}
const { startBot } = await import('./start.js');
await startBot(config);
