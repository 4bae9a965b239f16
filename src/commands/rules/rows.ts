/** What the rules modal shows of one registered rule: its name, a summary, its state. Pure. */
import type { HelpdeskError } from '../../api/errors.js';
import { type AutomationRuleSummary, type RuleSummaryWords, summarizeRule } from '../../api/rules.js';
import { english, type Messages } from '../../i18n/messages.js';
import { parseTalepId } from '../../slack/args.js';
import { errorText } from '../../slack/failures.js';
import { withoutLeadingEmoji } from '../../slack/surface.js';
import type { RuleChange } from '../../store/database.js';
import type { RuleRow, RuleState } from '../../views/rules/modal.js';

/**
 * Why a rule could not be read. Kept as the cause, not as a sentence: the board is shared by the
 * workspace's admins, and each reads it in their own language.
 */
export type RuleProblem = { kind: 'not-found' } | { kind: 'failed'; error: HelpdeskError };

/** What the bot last read of a rule: its summary, or why it could not be read. */
export type RuleSnapshot = { summary: AutomationRuleSummary } | { problem: RuleProblem };

/** The problem as a sentence in the reader's words (no leading emoji, no final full stop). */
export function problemText(problem: RuleProblem, m: Messages = english): string {
  return problem.kind === 'not-found' ? m.t('rules.notFound') : withoutLeadingEmoji(errorText(problem.error, {}, m));
}

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

/** The words around a rule's clauses, in the reader's language (the clauses stay as the help desk names them). */
export function ruleSummaryWords(m: Messages = english): RuleSummaryWords {
  return {
    line: (when, then) => m.t('rules.summaryLine', { when, then }),
    and: m.t('rules.summaryAnd'),
    or: m.t('rules.summaryOr'),
    noConditions: m.t('rules.summaryNoConditions'),
    noActions: m.t('rules.summaryNoActions'),
    more: (count) => m.t('rules.summaryMore', { count }),
  };
}

/** The rules modal's one-line summary of a rule ("When … → …"), in the reader's words. */
export const ruleSummaryText = (summary: AutomationRuleSummary, m: Messages = english): string => summarizeRule(summary, ruleSummaryWords(m));

export function ruleRow(id: number, snapshot: RuleSnapshot | undefined, lastToggle: RuleChange | undefined, m: Messages = english): RuleRow {
  if (!snapshot) return { id, state: ruleState(undefined, lastToggle), problem: m.t('rules.notReadYet') };
  if ('problem' in snapshot) return { id, state: ruleState(undefined, lastToggle), problem: problemText(snapshot.problem, m) };
  return {
    id,
    name: snapshot.summary.name?.trim() || m.t('rules.defaultName', { id: String(id) }),
    summary: ruleSummaryText(snapshot.summary, m),
    state: ruleState(snapshot.summary, lastToggle),
  };
}
