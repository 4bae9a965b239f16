/** Reserve-before-write keys: one winner per key, however the reservations interleave; kept ≥ 24 h; then pruned. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonKey,
  buttonKeyOf,
  eventKey,
  messageShortcutKeyOf,
  submissionKey,
  submissionKeyOf,
} from '../../src/slack/idempotency-keys.js';
import { openDatabase } from '../../src/store/database.js';
import { LowdbIdempotencyStore } from '../../src/store/idempotency-store.js';
import { DATABASE_FILE_NAME, openStores } from '../../src/store/index.js';
import { settle } from '../support/manual-clock.js';

const meta = { kind: 'new-talep', actor: 'T1:U1' };
const HOUR = 60 * 60_000;

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function memoryStore(now: () => Date = () => new Date()) {
  return new LowdbIdempotencyStore(await openDatabase(undefined), { now });
}

describe('LowdbIdempotencyStore', () => {
  it('reserves once; a repeat sees it in flight, then the first result once completed', async () => {
    const store = await memoryStore();
    expect(await store.reserve('k', meta)).toBe('reserved');
    expect(await store.reserve('k', { kind: 'new-talep', actor: 'T1:U2' })).toMatchObject({ state: 'in-flight', meta });
    await store.complete('k', { talepId: 12 });
    expect(await store.reserve('k', meta)).toMatchObject({ state: 'done', result: { talepId: 12 } });
  });

  it('release frees an in-flight key for a retry, but never a done one', async () => {
    const store = await memoryStore();
    await store.reserve('a', meta);
    await store.release('a');
    expect(await store.reserve('a', meta)).toBe('reserved');
    await store.complete('a', 'ok');
    await store.release('a');
    expect(await store.reserve('a', meta)).toMatchObject({ state: 'done', result: 'ok' });
  });

  it('of 50 concurrent reservations of one key exactly one wins, also when each starts after its own awaits', async () => {
    const store = await memoryStore();
    const same = await Promise.all(Array.from({ length: 50 }, () => store.reserve('same', meta)));
    expect(same.filter((outcome) => outcome === 'reserved')).toHaveLength(1);

    const interleaved = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        await settle(n % 7);
        await Promise.resolve();
        return store.reserve('interleaved', meta);
      }),
    );
    expect(interleaved.filter((outcome) => outcome === 'reserved')).toHaveLength(1);
    expect(interleaved.filter((outcome) => outcome !== 'reserved').every((outcome) => typeof outcome === 'object' && outcome.state === 'in-flight')).toBe(true);
  });

  it('is durable: a store opened again on the same file answers with the first result', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talep-idem-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const first = await openStores(dir, key);
    await first.idempotency.reserve('view:T1:U1:V1:h1', meta);
    await first.idempotency.complete('view:T1:U1:V1:h1', { talepId: 7 });
    await first.idempotency.reserve('view:T1:U1:V2:h1', meta);
    const second = await openStores(dir, key);
    expect(await second.idempotency.reserve('view:T1:U1:V1:h1', meta)).toMatchObject({ state: 'done', result: { talepId: 7 } });
    expect(await second.idempotency.reserve('view:T1:U1:V2:h1', meta)).toMatchObject({ state: 'in-flight' });
    expect(JSON.parse(await readFile(join(dir, DATABASE_FILE_NAME), 'utf8')).idempotency).toHaveProperty(
      ['view:T1:U1:V1:h1', 'state'],
      'done',
    );
  });

  it('keeps a result 24 hours, then prunes it (and the key is free again)', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const store = await memoryStore(() => new Date(now));
    await store.reserve('k', meta);
    await store.complete('k', 1);
    now += 24 * HOUR - 1;
    expect(await store.reserve('k', meta)).toMatchObject({ state: 'done', result: 1 });
    now += 2;
    expect(await store.prune()).toBe(1);
    expect(await store.reserve('k', meta)).toBe('reserved');
  });

  it('sweeps expired entries on its own while reserving', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const db = await openDatabase(undefined);
    const store = new LowdbIdempotencyStore(db, { now: () => new Date(now) });
    for (let n = 0; n < 5; n++) await store.complete(`old-${n}`, n);
    now += 25 * HOUR;
    await store.reserve('new', meta);
    expect(Object.keys(db.data.idempotency)).toEqual(['new']);
  });

  it('takes over a reservation left in flight past the lease (the process died mid-call)', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const store = new LowdbIdempotencyStore(await openDatabase(undefined), { now: () => new Date(now), leaseMs: 15 * 60_000 });
    await store.reserve('k', meta);
    now += 14 * 60_000;
    expect(await store.reserve('k', meta)).toMatchObject({ state: 'in-flight' });
    now += 2 * 60_000;
    expect(await store.reserve('k', meta)).toBe('reserved');
  });
});

describe('idempotency keys of Slack actions', () => {
  const user = { id: 'U1', team_id: 'T1' };

  it('a submission is team + user + view id + hash; an updated view is a new submission', () => {
    const body = { team: { id: 'T1' }, user, view: { id: 'V1', hash: '111.aaa' } };
    expect(submissionKeyOf(body)).toBe('view:T1:U1:V1:111.aaa');
    expect(submissionKeyOf({ ...body, view: { id: 'V1', hash: '112.bbb' } })).not.toBe(submissionKeyOf(body));
    expect(submissionKey({ teamId: 'T1', userId: 'U1', viewId: 'V1', viewHash: '111.aaa' })).toBe(submissionKeyOf(body));
    // Org-wide installs send team: null; the user's team counts.
    expect(submissionKeyOf({ ...body, team: null })).toBe('view:T1:U1:V1:111.aaa');
  });

  it('a message shortcut is team + channel + message ts, whoever runs it', () => {
    const body = { team: { id: 'T1' }, user, channel: { id: 'C1' }, message: { ts: '1700000000.000100' } };
    expect(messageShortcutKeyOf(body)).toBe('message:T1:C1:1700000000.000100');
    expect(messageShortcutKeyOf({ ...body, user: { id: 'U2', team_id: 'T1' } })).toBe(messageShortcutKeyOf(body));
  });

  it('a button is team + user + action ts; an event is its id', () => {
    expect(buttonKeyOf({ team: { id: 'T1' }, user, actions: [{ action_ts: '1700000001.2' }] })).toBe(
      buttonKey({ teamId: 'T1', userId: 'U1', actionTs: '1700000001.2' }),
    );
    expect(buttonKeyOf({ team: { id: 'T1' }, user, actions: [{}] })).toBeUndefined();
    expect(eventKey('Ev123')).toBe('event:Ev123');
  });
});
