/**
 * Reminders people set with `/talep remind`: Slack holds the scheduled message itself (so a restart
 * loses nothing); this keeps what is needed to list and cancel them, since Slack lists scheduled
 * messages per channel only. Entries whose time has passed are dropped as they are read.
 */
import { type Database, key, type ReminderEntry } from './database.js';

export type Reminder = Omit<ReminderEntry, 'postAt' | 'createdAt'> & { postAt: Date; createdAt: Date };

const toEntry = (reminder: Reminder): ReminderEntry => ({
  ...reminder,
  postAt: reminder.postAt.toISOString(),
  createdAt: reminder.createdAt.toISOString(),
});
export const fromEntry = (entry: ReminderEntry): Reminder => ({ ...entry, postAt: new Date(entry.postAt), createdAt: new Date(entry.createdAt) });

export interface ReminderStore {
  add(teamId: string, userId: string, reminder: Reminder): Promise<void>;
  /** The person's reminders still to come, soonest first (passed ones are dropped). */
  upcoming(teamId: string, userId: string, now: Date): Promise<Reminder[]>;
  /** Removes one reminder; answers it, or undefined when the person has no such reminder. */
  remove(teamId: string, userId: string, scheduledMessageId: string): Promise<Reminder | undefined>;
}

export class LowdbReminderStore implements ReminderStore {
  constructor(private readonly db: Database) {}

  async add(teamId: string, userId: string, reminder: Reminder): Promise<void> {
    await this.db.update((data) => {
      const id = key(teamId, userId);
      data.reminders[id] = [...(data.reminders[id] ?? []), toEntry(reminder)];
    });
  }

  /** The person's reminders still to come, soonest first. */
  async upcoming(teamId: string, userId: string, now: Date): Promise<Reminder[]> {
    const id = key(teamId, userId);
    const all = this.db.data.reminders[id] ?? [];
    const future = all.filter((entry) => Date.parse(entry.postAt) > now.getTime());
    if (future.length !== all.length) {
      await this.db.update((data) => {
        if (future.length > 0) data.reminders[id] = future;
        else delete data.reminders[id];
      });
    }
    return future.map(fromEntry).sort((a, b) => a.postAt.getTime() - b.postAt.getTime());
  }

  /** Removes one reminder; answers it, or undefined when the person has no such reminder. */
  async remove(teamId: string, userId: string, scheduledMessageId: string): Promise<Reminder | undefined> {
    const id = key(teamId, userId);
    const found = (this.db.data.reminders[id] ?? []).find((entry) => entry.scheduledMessageId === scheduledMessageId);
    if (!found) return undefined;
    await this.db.update((data) => {
      const rest = (data.reminders[id] ?? []).filter((entry) => entry.scheduledMessageId !== scheduledMessageId);
      if (rest.length > 0) data.reminders[id] = rest;
      else delete data.reminders[id];
    });
    return fromEntry(found);
  }
}
