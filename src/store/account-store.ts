/**
 * Slack user ↔ help-desk account links, with the token sealed at rest. This is the only place a
 * token is decrypted; callers get a Credential for the help-desk client and nothing else.
 */
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

export class AccountStore {
  constructor(
    private readonly db: Database,
    private readonly cipher: TokenCipher,
  ) {}

  async link(teamId: string, slackUserId: string, token: string, identity: AccountIdentity): Promise<void> {
    const id = key(teamId, slackUserId);
    const now = new Date().toISOString();
    const link: AccountLink = {
      sealedToken: this.cipher.encrypt(token, id),
      ...identity,
      linkedAt: now,
      verifiedAt: now,
    };
    await this.db.update((data) => {
      data.accounts[id] = link;
    });
  }

  /** The account, or undefined when the user never linked (or the key changed and it cannot be read). */
  get(teamId: string, slackUserId: string): Account | undefined {
    const id = key(teamId, slackUserId);
    const link = this.db.data.accounts[id];
    if (!link) return undefined;
    let token: string;
    try {
      token = this.cipher.decrypt(link.sealedToken, id);
    } catch {
      return undefined;
    }
    return {
      credential: bearer(token),
      helpdeskUserId: link.helpdeskUserId,
      username: link.username,
      email: link.email,
      role: link.role,
      linkedAt: new Date(link.linkedAt),
      rejected: link.rejectedAt !== undefined,
    };
  }

  async updateRole(teamId: string, slackUserId: string, role: HelpdeskRole): Promise<void> {
    await this.db.update((data) => {
      const link = data.accounts[key(teamId, slackUserId)];
      if (link) link.role = role;
    });
  }

  /**
   * The help desk refused the token: keep the link (for the message) but never use it again.
   * `linkedAt`: the link the refused call was made with; a refusal of an older token that arrives after
   * the person linked again must not reject the new link.
   */
  async markRejected(teamId: string, slackUserId: string, linkedAt?: Date): Promise<void> {
    await this.db.update((data) => {
      const link = data.accounts[key(teamId, slackUserId)];
      if (linkedAt && link && Date.parse(link.linkedAt) !== linkedAt.getTime()) return;
      if (link && !link.rejectedAt) link.rejectedAt = new Date().toISOString();
    });
  }

  async unlink(teamId: string, slackUserId: string): Promise<boolean> {
    const id = key(teamId, slackUserId);
    if (!this.db.data.accounts[id]) return false;
    await this.db.update((data) => {
      delete data.accounts[id];
    });
    return true;
  }
}
