/** The start-up key proof on the PostgreSQL store: wrong keys are refused, tokens of an older key re-sealed. */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../../src/store/index.js';
import { checkKeysAgainstPostgres } from '../../src/store/postgres/key-check.js';
import { dropTestSchemas, openTestPostgres, postgresUnavailable } from '../support/postgres.js';

const identity = { helpdeskUserId: 7, username: 'ayse', email: 'ayse@example.com', role: 'agent' as const };

describe.skipIf(postgresUnavailable !== undefined)('checkKeysAgainstPostgres', () => {
  afterEach(dropTestSchemas);

  it('passes an empty store, refuses keys that open none of the tokens, and re-seals tokens of an older key', async () => {
    const pool = await openTestPostgres();
    const old = randomBytes(32);
    const current = randomBytes(32);
    expect(await checkKeysAgainstPostgres(pool, [current], 'the test database')).toEqual({ total: 0, current: 0, older: 0, unreadable: 0 });
    const before = await openStores({ postgres: pool }, old);
    await before.accounts.link('T1', 'U1', 'tok-1', identity);
    await before.accounts.link('T1', 'U2', 'tok-2', identity);

    await expect(checkKeysAgainstPostgres(pool, [current], 'the test database')).rejects.toThrow(/opens none of the 2 help-desk token\(s\) sealed in the test database/);
    expect(await checkKeysAgainstPostgres(pool, [current, old], 'the test database')).toEqual({ total: 2, current: 0, older: 2, unreadable: 0 });
    // Re-sealed: the current key alone opens them now.
    const after = await openStores({ postgres: pool }, current);
    expect((await after.accounts.get('T1', 'U2'))?.credential).toEqual({ kind: 'bearer', token: 'tok-2' });
    expect(await checkKeysAgainstPostgres(pool, [current], 'the test database')).toEqual({ total: 2, current: 2, older: 0, unreadable: 0 });
  });
});
