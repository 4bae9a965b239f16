/**
 * The start-up key check for the PostgreSQL store (the embedded store's is key-check.ts): the key ring
 * must open the sealed tokens (a ring that opens none of them is refused, as every linked user would
 * look unlinked), and tokens an older key opened are re-sealed under the current key. Each re-seal is
 * conditional on the row being unchanged, so an instance starting beside running ones overwrites nothing.
 */
import type pg from 'pg';
import { TokenCipher } from '../crypto.js';
import { KeyRingError } from '../encryption-key.js';
import type { SealedTokenCensus } from '../key-check.js';

export async function checkKeysAgainstPostgres(pool: pg.Pool, keys: readonly Buffer[], where: string): Promise<SealedTokenCensus> {
  const cipher = new TokenCipher(keys);
  const rows = await pool.query<{ team_id: string; slack_user_id: string; sealed_token: string }>('SELECT team_id, slack_user_id, sealed_token FROM accounts');
  const census: SealedTokenCensus = { total: 0, current: 0, older: 0, unreadable: 0 };
  const older: { owner: [string, string]; sealed: string; plaintext: string }[] = [];
  for (const row of rows.rows) {
    census.total += 1;
    const opened = cipher.open(row.sealed_token, `${row.team_id}:${row.slack_user_id}`);
    if (!opened) census.unreadable += 1;
    else if (opened.keyIndex === 0) census.current += 1;
    else {
      census.older += 1;
      older.push({ owner: [row.team_id, row.slack_user_id], sealed: row.sealed_token, plaintext: opened.plaintext });
    }
  }
  if (census.total > 0 && census.unreadable === census.total) {
    throw new KeyRingError(
      `TOKEN_ENCRYPTION_KEY opens none of the ${census.total} help-desk token(s) sealed in ${where}: it is not the key they were sealed with; ` +
        'set the key the other instances use, listing a new key first if you are rotating (TOKEN_ENCRYPTION_KEY=NEW,OLD).',
    );
  }
  for (const { owner, sealed, plaintext } of older) {
    await pool.query('UPDATE accounts SET sealed_token = $4 WHERE team_id = $1 AND slack_user_id = $2 AND sealed_token = $3', [
      ...owner,
      sealed,
      cipher.encrypt(plaintext, owner.join(':')),
    ]);
  }
  return census;
}
