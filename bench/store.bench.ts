/**
 * `npm run bench`: what durability costs in the embedded store. Every write of `talep-bot.json` is now a
 * 0600 temp file, fsynced, renamed over (PrivateJsonFile), against lowdb's own JSONFile (no fsync); and
 * the operations flows will do per submission: reserve an idempotency key and enqueue a job.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSONFile } from 'lowdb/node';
import { bench, describe } from 'vitest';
import { openDatabase } from '../src/store/database.js';
import { LowdbIdempotencyStore } from '../src/store/idempotency-store.js';
import { LowdbJobQueue } from '../src/store/job-store.js';
import { PrivateJsonFile } from '../src/store/private-files.js';

const dir = mkdtempSync(join(tmpdir(), 'talep-bench-'));
/** About the size of a store with 200 linked users and 200 kept jobs. */
const document = {
  accounts: Object.fromEntries(Array.from({ length: 200 }, (_, n) => [`T1:U${n}`, { sealedToken: 'v1.'.padEnd(120, 'x'), username: `user${n}` }])),
  jobs: Object.fromEntries(Array.from({ length: 200 }, (_, n) => [`job-${n}`, { kind: 'create-talep', payload: { subject: 'x'.repeat(80), body: 'y'.repeat(400) } }])),
};

describe('a write of the store (~150 KB)', () => {
  const lowdbFile = new JSONFile<typeof document>(join(dir, 'lowdb.json'));
  const privateFile = new PrivateJsonFile<typeof document>(join(dir, 'private.json'));
  bench("lowdb's JSONFile (temp file + rename)", () => lowdbFile.write(document));
  bench('PrivateJsonFile (0600 temp file + fsync + rename)', () => privateFile.write(document));
});

describe('per submission, on disk', async () => {
  const db = await openDatabase(join(dir, 'talep-bot.json'));
  const keys = new LowdbIdempotencyStore(db);
  const jobs = new LowdbJobQueue(db);
  let n = 0;
  bench('reserve an idempotency key, then enqueue its job', async () => {
    n += 1;
    await keys.reserve(`view:T1:U1:V${n}:h`, { kind: 'new-talep', actor: 'T1:U1' });
    await jobs.enqueue({ kind: 'create-talep', key: `view:T1:U1:V${n}:h`, payload: { subject: 'Printer' }, actor: 'T1:U1' });
  });
});
