/**
 * Which talep was opened from which Slack message: the guard against opening the same one twice. A
 * message is reserved (atomically) by the accepted work that opens its talep before that work starts,
 * so concurrent "Open a talep"s on one message — two people, or copies of one submission — make one
 * talep and one thread reply.
 */
import { type Database, key, type MessageTalep } from './database.js';

/** What a reservation found. */
export type MessageClaim =
  /** The message is now reserved for the work `jobKey` (or already was). */
  | { state: 'reserved' }
  /** The message opened talep `talepId`. */
  | { state: 'opened'; talepId: number; createdBy: string }
  /** Other accepted work is opening a talep from it. */
  | { state: 'opening'; jobKey: string; createdBy: string; at: Date };

export interface MessageTalepStore {
  get(teamId: string, channelId: string, messageTs: string): Promise<MessageTalep | undefined>;
  /**
   * Reserves the message for the work `jobKey`, deciding and writing atomically. A reservation held by
   * other work stays unless it is `replacing` (that work is known to have ended).
   */
  reserve(
    teamId: string,
    channelId: string,
    messageTs: string,
    claim: { jobKey: string; createdBy: string },
    options?: { replacing?: string },
  ): Promise<MessageClaim>;
  /** Frees a reservation that `jobKey` holds (its work ended without a talep); a talep's link stays. */
  release(teamId: string, channelId: string, messageTs: string, jobKey: string): Promise<void>;
  /** The message opened `talepId` (the reservation's job key is kept). */
  set(teamId: string, channelId: string, messageTs: string, talepId: number, createdBy: string): Promise<void>;
  /** After the talep was merged away or deleted, the message may open a new one. */
  forget(teamId: string, channelId: string, messageTs: string): Promise<void>;
  /** Forgets every message that opened `talepId` (it was merged into another talep and deleted); answers how many. */
  forgetTalep(talepId: number): Promise<number>;
  /** The messages that opened `talepId` (thread sync links their threads). */
  messagesOf(talepId: number): Promise<{ teamId: string; channelId: string; ts: string; createdBy: string }[]>;
}

export class LowdbMessageTalepStore implements MessageTalepStore {
  constructor(private readonly db: Database) {}

  async get(teamId: string, channelId: string, messageTs: string): Promise<MessageTalep | undefined> {
    const link = this.db.data.messageTaleps[key(teamId, channelId, messageTs)];
    return link ? { ...link } : undefined;
  }

  /**
   * Reserves the message for the work `jobKey`, deciding and writing in one synchronous section. A
   * reservation held by other work stays unless it is `replacing` (that work is known to have ended).
   */
  async reserve(
    teamId: string,
    channelId: string,
    messageTs: string,
    claim: { jobKey: string; createdBy: string },
    options: { replacing?: string } = {},
  ): Promise<MessageClaim> {
    let found: MessageClaim = { state: 'reserved' };
    await this.db.update((data) => {
      const messageKey = key(teamId, channelId, messageTs);
      const existing = data.messageTaleps[messageKey];
      if (existing?.talepId !== undefined) {
        found = { state: 'opened', talepId: existing.talepId, createdBy: existing.createdBy };
        return;
      }
      if (existing?.jobKey !== undefined && existing.jobKey !== claim.jobKey && existing.jobKey !== options.replacing) {
        found = { state: 'opening', jobKey: existing.jobKey, createdBy: existing.createdBy, at: new Date(existing.at) };
        return;
      }
      data.messageTaleps[messageKey] = { jobKey: claim.jobKey, createdBy: claim.createdBy, at: new Date().toISOString() };
    });
    return found;
  }

  /** Frees a reservation that `jobKey` holds (its work ended without a talep); a talep's link stays. */
  async release(teamId: string, channelId: string, messageTs: string, jobKey: string): Promise<void> {
    const messageKey = key(teamId, channelId, messageTs);
    const existing = this.db.data.messageTaleps[messageKey];
    if (existing?.jobKey !== jobKey || existing.talepId !== undefined) return;
    await this.db.update((data) => {
      const current = data.messageTaleps[messageKey];
      if (current?.jobKey === jobKey && current.talepId === undefined) delete data.messageTaleps[messageKey];
    });
  }

  async set(teamId: string, channelId: string, messageTs: string, talepId: number, createdBy: string): Promise<void> {
    await this.db.update((data) => {
      const messageKey = key(teamId, channelId, messageTs);
      const jobKey = data.messageTaleps[messageKey]?.jobKey;
      data.messageTaleps[messageKey] = { talepId, ...(jobKey ? { jobKey } : {}), createdBy, at: new Date().toISOString() };
    });
  }

  /** After the talep was merged away or deleted, the message may open a new one. */
  async forget(teamId: string, channelId: string, messageTs: string): Promise<void> {
    await this.db.update((data) => {
      delete data.messageTaleps[key(teamId, channelId, messageTs)];
    });
  }

  /** The messages that opened `talepId` (thread sync links their threads). */
  async messagesOf(talepId: number): Promise<{ teamId: string; channelId: string; ts: string; createdBy: string }[]> {
    return Object.entries(this.db.data.messageTaleps)
      .filter(([, link]) => link.talepId === talepId)
      .map(([messageKey, link]) => {
        const [teamId = '', channelId = '', ts = ''] = messageKey.split(':');
        return { teamId, channelId, ts, createdBy: link.createdBy };
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
