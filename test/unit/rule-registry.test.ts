import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { LowdbRuleRegistry, MAX_LOG_ENTRIES } from '../../src/store/rule-registry.js';

async function registry(start = Date.parse('2026-01-05T09:00:00Z')) {
  let now = start;
  const db = await openDatabase(undefined);
  // Each change one minute after the previous one, so the order of the log is visible in `at`.
  const rules = new LowdbRuleRegistry(db, () => new Date((now += 60_000)));
  return { db, rules };
}

describe('RuleRegistry', () => {
  it('adds rule ids once per workspace, in order, and logs who added them and when', async () => {
    const { rules } = await registry();
    expect(await rules.add('T1', 7, 'UADMIN')).toBe(true);
    expect(await rules.add('T1', 3, 'UADMIN')).toBe(true);
    expect(await rules.add('T1', 7, 'UOTHER')).toBe(false);
    expect(await rules.ruleIds('T1')).toEqual([7, 3]);
    expect(await rules.ruleIds('T2')).toEqual([]);
    expect(await rules.has('T1', 3)).toBe(true);
    expect(await rules.has('T2', 3)).toBe(false);
    expect(await rules.recentChanges('T1')).toEqual([
      { ruleId: 3, change: 'added', by: 'UADMIN', at: '2026-01-05T09:02:00.000Z' },
      { ruleId: 7, change: 'added', by: 'UADMIN', at: '2026-01-05T09:01:00.000Z' },
    ]);
  });

  it('removes a rule and logs the removal; removing an unknown id changes nothing', async () => {
    const { rules } = await registry();
    await rules.add('T1', 1, 'UADMIN');
    await rules.add('T1', 2, 'UADMIN');
    expect(await rules.remove('T1', 1, 'UAGENT')).toBe(true);
    expect(await rules.remove('T1', 99, 'UAGENT')).toBe(false);
    expect(await rules.ruleIds('T1')).toEqual([2]);
    expect(await rules.recentChanges('T1', 1)).toEqual([{ ruleId: 1, change: 'removed', by: 'UAGENT', at: '2026-01-05T09:03:00.000Z' }]);
  });

  it('records enables and disables and remembers the last one per rule', async () => {
    const { rules } = await registry();
    await rules.add('T1', 1, 'UADMIN');
    expect(await rules.lastToggle('T1', 1)).toBeUndefined();
    await rules.recordToggle('T1', 1, 'disabled', 'UADMIN');
    await rules.recordToggle('T1', 1, 'enabled', 'UAGENT');
    await rules.add('T1', 2, 'UADMIN');
    expect(await rules.lastToggle('T1', 1)).toMatchObject({ change: 'enabled', by: 'UAGENT' });
    expect(await rules.lastToggle('T1', 2)).toBeUndefined();
    expect((await rules.recentChanges('T1', 3)).map((entry) => `${entry.ruleId}:${entry.change}`)).toEqual(['2:added', '1:enabled', '1:disabled']);
  });

  it('keeps only the newest log entries', async () => {
    const { rules, db } = await registry();
    await rules.add('T1', 1, 'UADMIN');
    for (let index = 0; index < MAX_LOG_ENTRIES + 5; index += 1) {
      await rules.recordToggle('T1', 1, index % 2 === 0 ? 'disabled' : 'enabled', 'UADMIN');
    }
    const log = db.data.rules.T1?.log ?? [];
    expect(log).toHaveLength(MAX_LOG_ENTRIES);
    expect(log.some((entry) => entry.change === 'added')).toBe(false);
    expect(await rules.recentChanges('T1', 0)).toEqual([]);
  });
});
