/**
 * The automation rules a workspace's admins told the bot about, and who changed what. The help-desk
 * API can read, enable and disable a rule by id but cannot list rules, so this registry is the list.
 * The log is the audit trail shown in the rules modal ("disabled by @ayse at 14:02").
 */
import type { Database, RuleChange } from './database.js';

export type RuleChangeKind = RuleChange['change'];

/** Older entries are dropped so the store cannot grow without bound; the modal shows only the last few. */
export const MAX_LOG_ENTRIES = 200;

export interface RuleRegistry {
  /** Registered rule ids, in the order they were added. */
  ruleIds(teamId: string): Promise<number[]>;
  has(teamId: string, ruleId: number): Promise<boolean>;
  /** The newest `limit` changes (default 5), newest first. */
  recentChanges(teamId: string, limit?: number): Promise<RuleChange[]>;
  /** The last enable/disable done through the bot, when there was one: the state as the bot last set it. */
  lastToggle(teamId: string, ruleId: number): Promise<RuleChange | undefined>;
  /** Registers a rule (the caller has read it successfully first). False when it was already registered. */
  add(teamId: string, ruleId: number, by: string): Promise<boolean>;
  /** Forgets a rule (the help desk keeps it). False when it was not registered. */
  remove(teamId: string, ruleId: number, by: string): Promise<boolean>;
  /** Records an enable or disable the help desk accepted. */
  recordToggle(teamId: string, ruleId: number, change: 'enabled' | 'disabled', by: string): Promise<void>;
}

export class LowdbRuleRegistry implements RuleRegistry {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Registered rule ids, in the order they were added. */
  async ruleIds(teamId: string): Promise<number[]> {
    return [...(this.db.data.rules[teamId]?.ruleIds ?? [])];
  }

  async has(teamId: string, ruleId: number): Promise<boolean> {
    return this.db.data.rules[teamId]?.ruleIds.includes(ruleId) ?? false;
  }

  /** The newest `limit` changes, newest first. */
  async recentChanges(teamId: string, limit = 5): Promise<RuleChange[]> {
    const log = this.db.data.rules[teamId]?.log ?? [];
    // slice(-0) would be the whole log.
    return limit > 0 ? log.slice(-limit).reverse().map((entry) => ({ ...entry })) : [];
  }

  /** The last enable/disable done through the bot, when there was one: the state as the bot last set it. */
  async lastToggle(teamId: string, ruleId: number): Promise<RuleChange | undefined> {
    const log = this.db.data.rules[teamId]?.log ?? [];
    for (let index = log.length - 1; index >= 0; index -= 1) {
      const entry = log[index];
      if (entry?.ruleId === ruleId && (entry.change === 'enabled' || entry.change === 'disabled')) return { ...entry };
    }
    return undefined;
  }

  /** Registers a rule (the caller has read it successfully first). False when it was already registered. */
  async add(teamId: string, ruleId: number, by: string): Promise<boolean> {
    return this.#change(teamId, ruleId, 'added', by, (entry) => {
      if (entry.ruleIds.includes(ruleId)) return false;
      entry.ruleIds.push(ruleId);
      return true;
    });
  }

  /** Forgets a rule (the help desk keeps it). False when it was not registered. */
  async remove(teamId: string, ruleId: number, by: string): Promise<boolean> {
    return this.#change(teamId, ruleId, 'removed', by, (entry) => {
      if (!entry.ruleIds.includes(ruleId)) return false;
      entry.ruleIds = entry.ruleIds.filter((id) => id !== ruleId);
      return true;
    });
  }

  /** Records an enable or disable the help desk accepted. */
  async recordToggle(teamId: string, ruleId: number, change: 'enabled' | 'disabled', by: string): Promise<void> {
    await this.#change(teamId, ruleId, change, by, () => true);
  }

  async #change(
    teamId: string,
    ruleId: number,
    change: RuleChangeKind,
    by: string,
    /** Changes the entry and answers whether it changed (then the change is logged). */
    mutate: (entry: { ruleIds: number[]; log: RuleChange[] }) => boolean,
  ): Promise<boolean> {
    const at = this.now().toISOString();
    const current = this.db.data.rules[teamId] ?? { ruleIds: [], log: [] };
    // Decided first on a copy, so a refused change writes nothing; then again inside the update.
    if (!mutate({ ruleIds: [...current.ruleIds], log: [] })) return false;
    let changed = false;
    await this.db.update((data) => {
      const entry = (data.rules[teamId] ??= { ruleIds: [], log: [] });
      changed = mutate(entry);
      if (!changed) return;
      entry.log.push({ ruleId, change, by, at });
      if (entry.log.length > MAX_LOG_ENTRIES) entry.log.splice(0, entry.log.length - MAX_LOG_ENTRIES);
    });
    return changed;
  }
}
