/**
 * Slack user ↔ help-desk account links, with the token sealed at rest. This is the only place a
 * token is decrypted; callers get a Credential for the help-desk client and nothing else.
 *
 * A link whose token no configured key opens (the key changed) is a state of its own, not "unlinked":
 * it is kept, and a reconnect is refused rather than sealing over it, so it opens again once the right
 * key is back. Disconnecting (unlink) is the deliberate way to drop it.
 */
import { LRUCache } from 'lru-cache';
import { bearer, type Credential } from '../api/auth.js';
import type { TokenCipher } from './crypto.js';
import { type AccountLink, type Database, type HelpdeskRole, key } from './database.js';

export interface AccountIdentity {
  helpdeskUserId: number;
  username: string;
  email: string;
  role: HelpdeskRole;
}

export interface Account extends AccountIdentity {
  credential: Credential;
  linkedAt: Date;
  rejected: boolean;
}

/** What the store knows about a Slack user's link. */
export type AccountState =
  | { state: 'linked'; account: Account }
  | { state: 'unlinked' }
  | { state: 'unreadable'; identity: AccountIdentity; linkedAt: Date };

/** A reconnect refused because the user's stored link cannot be read with the current keys. */
export class StoredLinkUnreadableError extends Error {
  override readonly name = 'StoredLinkUnreadableError';
  /** What the Slack side shows the user. */
  readonly userMessage =
    'Your stored help-desk link cannot be read: the bot\'s encryption key changed (stored link unreadable). ' +
    'Reconnecting now would replace it, so it was not saved; ask an admin to restore the previous key, or disconnect first to start over.';
  constructor(readonly teamId: string, readonly slackUserId: string) {
    super(`stored link unreadable (key changed) for ${teamId}:${slackUserId}; refusing to overwrite it`);
  }
}

/**
 * Where links are kept: the embedded document or a PostgreSQL table. Only this moves between the two;
 * sealing, opening and the "unreadable" rule stay in AccountStore.
 */
export interface AccountRecords {
  read(teamId: string, slackUserId: string): Promise<AccountLink | undefined>;
  /** Every link, with whose it is. */
  all(): Promise<{ teamId: string; slackUserId: string; link: AccountLink }[]>;
  /**
   * One atomic read-decide-write of a user's link: `decide` sees the current link and answers the new
   * one, `null` to delete it, or undefined to leave it. It may throw to refuse (nothing is written).
   */
  change(teamId: string, slackUserId: string, decide: (current: AccountLink | undefined) => AccountLink | null | undefined): Promise<void>;
}

/** The embedded records: the `accounts` table of the lowdb document. */
export class LowdbAccountRecords implements AccountRecords {
  constructor(private readonly db: Database) {}

  async read(teamId: string, slackUserId: string): Promise<AccountLink | undefined> {
    const link = this.db.data.accounts[key(teamId, slackUserId)];
    return link ? { ...link } : undefined;
  }

  async all(): Promise<{ teamId: string; slackUserId: string; link: AccountLink }[]> {
    return Object.entries(this.db.data.accounts).map(([id, link]) => {
      const [teamId = '', slackUserId = ''] = id.split(':');
      return { teamId, slackUserId, link: { ...link } };
    });
  }

  async change(teamId: string, slackUserId: string, decide: (current: AccountLink | undefined) => AccountLink | null | undefined): Promise<void> {
    const id = key(teamId, slackUserId);
    const current = this.db.data.accounts[id];
    // Decided outside the write first: an unchanged link costs no file write.
    if (decide(current ? { ...current } : undefined) === undefined) return;
    await this.db.update((data) => {
      const existing = data.accounts[id];
      const next = decide(existing ? { ...existing } : undefined);
      if (next === null) delete data.accounts[id];
      else if (next !== undefined) data.accounts[id] = next;
    });
  }
}

export class AccountStore {
  /**
   * Opened tokens, as the credential the client uses, by their sealed form (and owner): every
   * interaction looks its person up, and opening costs an HMAC and a decryption (issue 13); one
   * credential object per token also lets the client hash it once. A re-link seals anew, so it is
   * never stale. Bounded.
   */
  readonly #opened = new LRUCache<string, Credential>({ max: 5_000 });

  constructor(
    private readonly records: AccountRecords,
    private readonly cipher: TokenCipher,
  ) {}

  #credentialOf(sealed: string, id: string): Credential | undefined {
    const cacheKey = `${id}\n${sealed}`;
    const cached = this.#opened.get(cacheKey);
    if (cached) return cached;
    const opened = this.cipher.open(sealed, id);
    if (!opened) return undefined;
    const credential = bearer(opened.plaintext);
    this.#opened.set(cacheKey, credential);
    return credential;
  }

  /** Links (or re-links) the user; throws StoredLinkUnreadableError over a link the keys cannot open. */
  async link(teamId: string, slackUserId: string, token: string, identity: AccountIdentity): Promise<void> {
    const id = key(teamId, slackUserId);
    if ((await this.lookup(teamId, slackUserId)).state === 'unreadable') throw new StoredLinkUnreadableError(teamId, slackUserId);
    const now = new Date().toISOString();
    const link: AccountLink = {
      sealedToken: this.cipher.encrypt(token, id),
      ...identity,
      linkedAt: now,
      verifiedAt: now,
    };
    await this.records.change(teamId, slackUserId, (existing) => {
      // Checked again inside the change: nothing may have sealed over it since.
      if (existing && !this.cipher.open(existing.sealedToken, id)) throw new StoredLinkUnreadableError(teamId, slackUserId);
      return link;
    });
  }

  /** Linked (with the credential), unlinked, or linked but unreadable with the current keys. */
  async lookup(teamId: string, slackUserId: string): Promise<AccountState> {
    const id = key(teamId, slackUserId);
    const link = await this.records.read(teamId, slackUserId);
    if (!link) return { state: 'unlinked' };
    const identity: AccountIdentity = { helpdeskUserId: link.helpdeskUserId, username: link.username, email: link.email, role: link.role };
    const credential = this.#credentialOf(link.sealedToken, id);
    if (!credential) return { state: 'unreadable', identity, linkedAt: new Date(link.linkedAt) };
    return {
      state: 'linked',
      // Spelled out, not `...identity`: see ../objects.ts.
      account: {
        helpdeskUserId: identity.helpdeskUserId,
        username: identity.username,
        email: identity.email,
        role: identity.role,
        credential,
        linkedAt: new Date(link.linkedAt),
        rejected: link.rejectedAt !== undefined,
      },
    };
  }

  /**
   * Whether the person has a link the help desk has not refused, without opening its token: for what
   * must be decided before an ack (the token is opened, and checked, when the work runs).
   */
  async hasUsableLink(teamId: string, slackUserId: string): Promise<boolean> {
    const link = await this.records.read(teamId, slackUserId);
    return link !== undefined && link.rejectedAt === undefined;
  }

  /** Every stored link's Slack user and help-desk user (no token): who notifications may concern. */
  async linkedPeople(): Promise<{ teamId: string; userId: string; helpdeskUserId: number; role: HelpdeskRole; rejected: boolean }[]> {
    return (await this.records.all()).map(({ teamId, slackUserId, link }) => ({
      teamId,
      userId: slackUserId,
      helpdeskUserId: link.helpdeskUserId,
      role: link.role,
      rejected: link.rejectedAt !== undefined,
    }));
  }

  /** The usable account, or undefined when there is none (never linked, or unreadable: see `lookup`). */
  async get(teamId: string, slackUserId: string): Promise<Account | undefined> {
    const found = await this.lookup(teamId, slackUserId);
    return found.state === 'linked' ? found.account : undefined;
  }

  async updateRole(teamId: string, slackUserId: string, role: HelpdeskRole): Promise<void> {
    await this.records.change(teamId, slackUserId, (link) => (link && link.role !== role ? { ...link, role } : undefined));
  }

  /**
   * The help desk refused the token: keep the link (for the message) but never use it again.
   * `linkedAt`: the link the refused call was made with (`Account.linkedAt` of the actor that made it),
   * always: a refusal of an older token that arrives after the person linked again must not reject the
   * new link, so a refusal of an unknown link rejects nothing.
   */
  async markRejected(teamId: string, slackUserId: string, linkedAt: Date): Promise<void> {
    const at = new Date().toISOString();
    await this.records.change(teamId, slackUserId, (link) => {
      if (!link || Date.parse(link.linkedAt) !== linkedAt.getTime() || link.rejectedAt) return undefined;
      return { ...link, rejectedAt: at };
    });
  }

  async unlink(teamId: string, slackUserId: string): Promise<boolean> {
    let existed = false;
    await this.records.change(teamId, slackUserId, (link) => {
      existed = link !== undefined;
      return link ? null : undefined;
    });
    return existed;
  }
}
