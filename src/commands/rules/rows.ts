/** What the rules modal shows of one registered rule: its name, a summary, its state. Pure. */
import { type AutomationRuleSummary, summarizeRule } from '../../api/rules.js';
import { parseTalepId } from '../../slack/args.js';
import type { RuleChange } from '../../store/database.js';
import type { RuleRow, RuleState } from '../../views/rules/modal.js';

/** What the bot last read of a rule: its summary, or why it could not be read. */
export type RuleSnapshot = { summary: AutomationRuleSummary } | { problem: string };

/** `12`, `#12` → 12 (the command grammar's id); anything else undefined. */
export function parseRuleId(text: string): number | undefined {
  const parsed = parseTalepId(text, 'rule');
  return parsed.ok ? parsed.value : undefined;
}

/** The state to show: the help desk's word when the rule says, else the last change made from Slack. */
export function ruleState(summary: AutomationRuleSummary | undefined, lastToggle: RuleChange | undefined): RuleState {
  if (typeof summary?.enabled === 'boolean') return { enabled: summary.enabled, source: 'help-desk' };
  if (lastToggle) return { enabled: lastToggle.change === 'enabled', source: 'slack', by: lastToggle.by, at: new Date(lastToggle.at) };
  return { source: 'unknown' };
}

export function ruleRow(id: number, snapshot: RuleSnapshot | undefined, lastToggle: RuleChange | undefined): RuleRow {
  if (!snapshot) return { id, state: ruleState(undefined, lastToggle), problem: 'not read yet' };
  if ('problem' in snapshot) return { id, state: ruleState(undefined, lastToggle), problem: snapshot.problem };
  return {
    id,
    name: snapshot.summary.name?.trim() || `Rule #${id}`,
    summary: summarizeRule(snapshot.summary),
    state: ruleState(snapshot.summary, lastToggle),
  };
}
