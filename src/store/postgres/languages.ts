/** The language each person chose, in PostgreSQL (see language-store.ts). */
import type pg from 'pg';
import { type Language, type LanguageStore, LANGUAGES } from '../language-store.js';

export class PostgresLanguageStore implements LanguageStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(teamId: string, userId: string): Promise<Language | undefined> {
    const result = await this.pool.query<{ language: string }>('SELECT language FROM languages WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
    const language = result.rows[0]?.language;
    return LANGUAGES.find((known) => known === language);
  }

  async set(teamId: string, userId: string, language: Language | undefined, at = new Date()): Promise<void> {
    if (!language) {
      await this.pool.query('DELETE FROM languages WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
      return;
    }
    await this.pool.query(
      `INSERT INTO languages (team_id, user_id, language, at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id, user_id) DO UPDATE SET language = EXCLUDED.language, at = EXCLUDED.at`,
      [teamId, userId, language, at],
    );
  }
}
