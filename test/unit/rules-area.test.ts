import { describe, expect, it } from 'vitest';
import { parseRuleXml } from '../../src/api/rules.js';
import { parseRuleId, ruleRow, ruleState } from '../../src/commands/rules/rows.js';

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
    expect(ruleRow(5, { problem: 'gone' }, undefined)).toEqual({ id: 5, state: { source: 'unknown' }, problem: 'gone' });
    expect(ruleRow(5, undefined, toggle)).toMatchObject({ problem: 'not read yet', state: { source: 'slack', enabled: false } });
  });
});
