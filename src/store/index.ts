/** The bot's persistent state, opened once at start-up. */
import { join } from 'node:path';
import { AccountStore } from './account-store.js';
import { TokenCipher } from './crypto.js';
import { type Database, openDatabase } from './database.js';
import { DirectoryStore } from './directory-store.js';
import { MessageTalepStore } from './message-taleps.js';
import { RuleRegistry } from './rule-registry.js';

export interface Stores {
  db: Database;
  accounts: AccountStore;
  directory: DirectoryStore;
  messageTaleps: MessageTalepStore;
  /** Automation rules registered per workspace (the API cannot list them) and their change log. */
  rules: RuleRegistry;
}

export const DATABASE_FILE_NAME = 'talep-bot.json';

/** `dataDir` undefined keeps everything in memory (tests). */
export async function openStores(dataDir: string | undefined, encryptionKey: Buffer): Promise<Stores> {
  const db = await openDatabase(dataDir ? join(dataDir, DATABASE_FILE_NAME) : undefined);
  return {
    db,
    accounts: new AccountStore(db, new TokenCipher(encryptionKey)),
    directory: new DirectoryStore(db),
    messageTaleps: new MessageTalepStore(db),
    rules: new RuleRegistry(db),
  };
}
