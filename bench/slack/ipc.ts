/**
 * What the benchmark and the processes under test say to each other over Node's IPC channel. The
 * child measures itself (`process.cpuUsage()`, `process.memoryUsage()`), so the figures are that
 * process's alone; nothing in `src/` knows about it. Both sides validate what they receive.
 */
import * as z from 'zod';

/** The kinds of Bolt listener a process registered (`app.action`, `app.view`, ...), and how many of each. */
export const listenerKinds = ['action', 'command', 'event', 'message', 'options', 'shortcut', 'view', 'function', 'use'] as const;
export type ListenerKind = (typeof listenerKinds)[number];
export const listenerCountsSchema = z.partialRecord(z.enum(listenerKinds), z.int().nonnegative());
export type ListenerCounts = z.infer<typeof listenerCountsSchema>;

/** `heapSnapshotDir`: write a heap snapshot there first (`v8.writeHeapSnapshot`), then answer. */
export const sampleRequestSchema = z.object({ type: z.literal('sample'), id: z.int(), heapSnapshotDir: z.string().optional() });
export type SampleRequest = z.infer<typeof sampleRequestSchema>;

export const sampleSchema = z.object({
  type: z.literal('sample'),
  id: z.int(),
  /** `process.cpuUsage()` of the child, user + system, in microseconds since it started. */
  cpuMicros: z.number().nonnegative(),
  rssBytes: z.number().nonnegative(),
  heapUsedBytes: z.number().nonnegative(),
  listeners: listenerCountsSchema,
});
export type Sample = z.infer<typeof sampleSchema>;

/** Total listeners a process registered (`use`, global middleware, is not a listener; Bolt itself adds 2). */
export function listenerTotal(counts: ListenerCounts): number {
  return Object.entries(counts).reduce((sum, [kind, count]) => (kind === 'use' ? sum : sum + (count ?? 0)), 0);
}
