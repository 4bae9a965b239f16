/** Which talep was opened from which Slack message: the guard against opening the same one twice. */
import { type Database, key, type MessageTalep } from './database.js';

export class MessageTalepStore {
  constructor(private readonly db: Database) {}

  get(teamId: string, channelId: string, messageTs: string): MessageTalep | undefined {
    return this.db.data.messageTaleps[key(teamId, channelId, messageTs)];
  }

  async set(teamId: string, channelId: string, messageTs: string, talepId: number, createdBy: string): Promise<void> {
    await this.db.update((data) => {
      data.messageTaleps[key(teamId, channelId, messageTs)] = { talepId, createdBy, at: new Date().toISOString() };
    });
  }

  /** After the talep was merged away or deleted, the message may open a new one. */
  async forget(teamId: string, channelId: string, messageTs: string): Promise<void> {
    await this.db.update((data) => {
      delete data.messageTaleps[key(teamId, channelId, messageTs)];
    });
  }

  /** Forgets every message that opened `talepId` (it was merged into another talep and deleted); answers how many. */
  async forgetTalep(talepId: number): Promise<number> {
    const stale = Object.entries(this.db.data.messageTaleps).filter(([, link]) => link.talepId === talepId);
    if (stale.length === 0) return 0;
    await this.db.update((data) => {
      for (const [messageKey] of stale) delete data.messageTaleps[messageKey];
    });
    return stale.length;
  }
}
