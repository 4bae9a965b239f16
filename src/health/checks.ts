/**
 * The bot's readiness checks: the help desk answers as this API (a cached unauthenticated probe, so
 * readiness never costs a help-desk call per request), the store's directory is writable, the job
 * runner claims jobs, and Slack is usable (`SlackStatus`).
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { type ProbeOutcome, probeHelpdesk } from '../api/probe.js';
import type { JobRunner } from '../jobs/runner.js';
import { writePrivateFile } from '../store/private-files.js';
import { CachedCheck } from './cached-check.js';
import type { CheckResult } from './readiness.js';

export function probeResult(outcome: ProbeOutcome): CheckResult {
  return { ok: outcome.status === 'ok', detail: outcome.detail };
}

/** At most one probe per `maxAgeMs` (default 30 s); `initial` is the start-up probe's answer. */
export function helpdeskCheck(baseUrl: string, options: { maxAgeMs?: number; initial?: ProbeOutcome } = {}): CachedCheck {
  const check = new CachedCheck(async () => probeResult(await probeHelpdesk(baseUrl, { timeoutMs: 2_500 })), {
    maxAgeMs: options.maxAgeMs ?? 30_000,
  });
  if (options.initial) check.set(probeResult(options.initial));
  return check;
}

/** The shared store answers (at most one query per `maxAgeMs`, default 10 s). */
export function postgresCheck(pool: Pick<pg.Pool, 'query'>, options: { maxAgeMs?: number } = {}): CachedCheck {
  return new CachedCheck(
    async () => {
      try {
        await pool.query('SELECT 1');
        return { ok: true, detail: 'PostgreSQL answers' };
      } catch (error) {
        return { ok: false, detail: `PostgreSQL does not answer (${error instanceof Error ? error.message : String(error)})` };
      }
    },
    { maxAgeMs: options.maxAgeMs ?? 10_000 },
  );
}

/** Writes and removes a small file beside the store (at most every `maxAgeMs`, default 10 s). */
export function storeCheck(dataDir: string | undefined, options: { maxAgeMs?: number } = {}): CachedCheck {
  return new CachedCheck(
    async () => {
      if (dataDir === undefined) return { ok: true, detail: 'in memory' };
      const probe = join(dataDir, `.readyz-${randomBytes(4).toString('hex')}`);
      try {
        await writePrivateFile(probe, 'ok\n');
        return { ok: true, detail: `${dataDir} is writable` };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return { ok: false, detail: `${dataDir} is not writable${typeof code === 'string' ? ` (${code})` : ''}` };
      } finally {
        await rm(probe, { force: true }).catch(() => undefined);
      }
    },
    { maxAgeMs: options.maxAgeMs ?? 10_000 },
  );
}

export function jobsCheck(jobs: Pick<JobRunner, 'running' | 'active'>): () => CheckResult {
  return () => (jobs.running ? { ok: true, detail: `running (${jobs.active} job(s) in progress)` } : { ok: false, detail: 'the job runner is not running' });
}
