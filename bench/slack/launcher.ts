/**
 * Entry point of a process under test (forked by ./child-process.ts with an IPC channel):
 *
 *   node launcher.js bot    talep-bot through its production entry (src/index.ts: config from the
 *                           environment → services → Bolt app → listen), unchanged
 *   node launcher.js bare   the bare Bolt baseline (./bare-bolt.ts)
 *
 * Before either starts, it counts the Bolt listeners the app registers (by wrapping `App.prototype`'s
 * registration methods) and answers the parent's `sample` requests with this process's CPU time, RSS
 * and listener counts (after writing a heap snapshot when asked). That is all it adds; nothing in `src/` is touched.
 */
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import type { ListenerCounts, ListenerKind, Sample } from './ipc.js';

const listeners: ListenerCounts = {};

function countListenerRegistrations(App: typeof import('@slack/bolt').App, listenerKinds: readonly ListenerKind[]): void {
  const prototype = App.prototype as unknown as Record<ListenerKind, (...args: unknown[]) => unknown>;
  for (const kind of listenerKinds) {
    const register = prototype[kind];
    if (typeof register !== 'function') continue;
    prototype[kind] = function countedRegistration(this: unknown, ...args: unknown[]) {
      listeners[kind] = (listeners[kind] ?? 0) + 1;
      return register.apply(this, args);
    };
  }
}

function answerSamples(sampleRequestSchema: typeof import('./ipc.js').sampleRequestSchema): void {
  process.on('message', (raw: unknown) => {
    const request = sampleRequestSchema.safeParse(raw);
    if (!request.success) return;
    if (request.data.heapSnapshotDir) writeHeapSnapshot(join(request.data.heapSnapshotDir, `${process.pid}-${request.data.id}.heapsnapshot`));
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    const sample: Sample = {
      type: 'sample',
      id: request.data.id,
      cpuMicros: cpu.user + cpu.system,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      listeners,
    };
    process.send?.(sample);
  });
  // The benchmark went away (or crashed): do not linger as an orphan holding a port.
  process.once('disconnect', () => process.exit(0));
}

async function main(): Promise<void> {
  const role = process.argv[2];
  if (role !== 'bot' && role !== 'bare') throw new Error(`usage: launcher.js bot|bare (got ${String(role)})`);
  if (role === 'bot') {
    // What the production entry imports first (it keeps V8's young generation small while the rest
    // loads): it must come before this launcher's own imports (Bolt, zod) too, or the bot's start-up
    // here would not be the one `npm start` has (its young generation had grown to the cap by then).
    await import('../../src/startup/young-generation.js');
  }
  const { listenerKinds, sampleRequestSchema } = await import('./ipc.js');
  const { App } = await import('@slack/bolt');
  countListenerRegistrations(App, listenerKinds);
  answerSamples(sampleRequestSchema);
  if (role === 'bot') {
    // The production entry: it reads the environment and starts listening on its own.
    await import('../../src/index.js');
  } else {
    const { startBareBolt } = await import('./bare-bolt.js');
    await startBareBolt();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`launcher failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
