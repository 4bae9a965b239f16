/** `/talep remind` reminders in PostgreSQL (see reminder-store.ts): passed ones are deleted as they are read. */
import type pg from 'pg';
import type { Reminder, ReminderStore } from '../reminder-store.js';

interface ReminderRow {
  scheduled_message_id: string;
  channel_id: string;
  talep_id: number;
  subject: string;
  post_at: Date;
  created_at: Date;
}

const toReminder = (row: ReminderRow): Reminder => ({
  scheduledMessageId: row.scheduled_message_id,
  channelId: row.channel_id,
  talepId: row.talep_id,
  subject: row.subject,
  postAt: row.post_at,
  createdAt: row.created_at,
});

export class PostgresReminderStore implements ReminderStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(teamId: string, userId: string, reminder: Reminder): Promise<void> {
    await this.pool.query(
      `INSERT INTO reminders (team_id, user_id, scheduled_message_id, channel_id, talep_id, subject, post_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (team_id, user_id, scheduled_message_id) DO UPDATE SET channel_id = EXCLUDED.channel_id, talep_id = EXCLUDED.talep_id,
         subject = EXCLUDED.subject, post_at = EXCLUDED.post_at, created_at = EXCLUDED.created_at`,
      [teamId, userId, reminder.scheduledMessageId, reminder.channelId, reminder.talepId, reminder.subject, reminder.postAt, reminder.createdAt],
    );
  }

  async upcoming(teamId: string, userId: string, now: Date): Promise<Reminder[]> {
    await this.pool.query('DELETE FROM reminders WHERE team_id = $1 AND user_id = $2 AND post_at <= $3', [teamId, userId, now]);
    const result = await this.pool.query<ReminderRow>(
      `SELECT scheduled_message_id, channel_id, talep_id, subject, post_at, created_at FROM reminders
       WHERE team_id = $1 AND user_id = $2 AND post_at > $3 ORDER BY post_at, created_at`,
      [teamId, userId, now],
    );
    return result.rows.map(toReminder);
  }

  async remove(teamId: string, userId: string, scheduledMessageId: string): Promise<Reminder | undefined> {
    const result = await this.pool.query<ReminderRow>(
      `DELETE FROM reminders WHERE team_id = $1 AND user_id = $2 AND scheduled_message_id = $3
       RETURNING scheduled_message_id, channel_id, talep_id, subject, post_at, created_at`,
      [teamId, userId, scheduledMessageId],
    );
    const row = result.rows[0];
    return row ? toReminder(row) : undefined;
  }
}
