import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HelpdeskError } from '../../src/api/errors.js';
import { parseRuleXml } from '../../src/api/rules.js';
import { AdminsOnly, boardOf, readRule, refusal } from '../../src/commands/rules/board.js';
import { parseRuleId, problemText, ruleRow, ruleState } from '../../src/commands/rules/rows.js';
import { messagesFor } from '../../src/i18n/messages.js';
import type { Actor } from '../../src/slack/actor.js';
import type { Services } from '../../src/slack/services.js';
import { openStores } from '../../src/store/index.js';

const xml = (enabled?: string) =>
  '<?xml version="1.0" encoding="utf-16"?><AutomationRule><Name>Tag &amp; escalate</Name>' +
  (enabled === undefined ? '' : `<Enabled>${enabled}</Enabled>`) +
  '<Match>Any</Match><Conditions><Condition><Field>Subject</Field><Operator>contains</Operator><Value>outage</Value></Condition>' +
  '<Condition><Field>Priority</Field><Operator>equals</Operator><Value>2</Value></Condition></Conditions>' +
  '<Actions><Action><Type>AddTag</Type><Value>escalated</Value></Action></Actions></AutomationRule>';

const toggle = { ruleId: 2, change: 'disabled' as const, by: 'UADMIN', at: '2026-01-05T09:00:00.000Z' };

describe('parseRuleId', () => {
  it('reads 12 and #12, nothing else', () => {
    expect(parseRuleId(' 12 ')).toBe(12);
    expect(parseRuleId('#7')).toBe(7);
    expect(parseRuleId('0')).toBeUndefined();
    expect(parseRuleId('12a')).toBeUndefined();
    expect(parseRuleId('')).toBeUndefined();
  });
});

describe('ruleState', () => {
  it('prefers what the rule itself says, then the last change made from Slack', () => {
    const rule = parseRuleXml(2, xml('false'));
    expect(ruleState(rule, { ...toggle, change: 'enabled' })).toEqual({ enabled: false, source: 'help-desk' });
    const silent = parseRuleXml(2, xml());
    expect(ruleState(silent, toggle)).toEqual({ enabled: false, source: 'slack', by: 'UADMIN', at: new Date(toggle.at) });
    expect(ruleState(silent, undefined)).toEqual({ source: 'unknown' });
  });
});

describe('ruleRow', () => {
  it('turns a parsed rule into its name and a one-line summary of conditions and actions', () => {
    const row = ruleRow(2, { summary: parseRuleXml(2, xml('true')) }, undefined);
    expect(row).toMatchObject({ id: 2, name: 'Tag & escalate', state: { enabled: true, source: 'help-desk' } });
    expect(row.summary).toContain('Subject contains “outage” or Priority equals “2”');
    expect(row.summary).toContain('escalated');
  });

  it('keeps the reason when a rule could not be read, or says it was not read yet', () => {
    expect(ruleRow(5, { problem: { kind: 'not-found' } }, undefined)).toEqual({
      id: 5,
      state: { source: 'unknown' },
      problem: 'the help desk has no rule with this id (deleted?)',
    });
    expect(ruleRow(5, undefined, toggle)).toMatchObject({ problem: 'not read yet', state: { source: 'slack', enabled: false } });
    // The board is shared by a workspace's admins: each reads the reason in their own language.
    const turkish = messagesFor('tr');
    expect(ruleRow(5, { problem: { kind: 'not-found' } }, undefined, turkish).problem).toContain('bu numarada bir kural yok');
    expect(ruleRow(5, undefined, toggle, turkish).problem).toBe('henüz okunmadı');
    expect(ruleRow(6, { summary: { ...parseRuleXml(6, xml('true')), name: '' } }, undefined, turkish).name).toBe('#6 numaralı kural');
  });
});

describe('reading a rule for the modal', () => {
  const failing = (error: unknown) => ({ hd: { getRule: async () => Promise.reject(error) } }) as unknown as Actor;

  it('turns a refusal into "admins only" with the help desk’s reason, and keeps other failures as the rule’s problem', async () => {
    const refused = await readRule(failing(new HelpdeskError('forbidden', 'no', { reason: 'Admins only.' })), 3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdminsOnly);
    expect((refused as AdminsOnly).reason).toBe('Admins only.');
    expect(await readRule(failing(new HelpdeskError('not-found', 'gone')), 3)).toEqual({ problem: { kind: 'not-found' } });
    // The sentence of the kernel's failures, without its leading emoji (the row adds its own).
    const unavailable = await readRule(failing(new HelpdeskError('unavailable', 'down')), 3);
    expect(unavailable).toMatchObject({ problem: { kind: 'failed' } });
    expect('problem' in unavailable && problemText(unavailable.problem)).toBe('The help desk is not reachable right now. Please try again in a minute.');
    await expect(readRule(failing(new Error('bug')), 3)).rejects.toThrow('bug');
  });

  it('keeps one board per app', async () => {
    const services = async () => ({ stores: await openStores(undefined, randomBytes(32)) }) as unknown as Services;
    const first = await services();
    expect(boardOf(first)).toBe(boardOf(first));
    expect(boardOf(first)).not.toBe(boardOf(await services()));
    expect(refusal(new HelpdeskError('invalid', 'x'))).toBeUndefined();
  });
});
