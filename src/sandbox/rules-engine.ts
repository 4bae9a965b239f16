/**
 * A deliberately small automation engine, so that enabling and disabling a rule has a visible effect:
 * enabled rules run once on every talep created through the API.
 *
 * Conditions: `Subject` / `Body` (`contains`, `equals`), `CategoryID` / `Priority` (`equals`,
 * `notEquals`); `match` `All` or `Any`. Actions: `AddTag <name>`, `SetPriority <id>`,
 * `AssignTo <userId>`, `SetStatus <id>`. Anything else is ignored (the spec elides the real vocabulary).
 */
import type { RuleRow, SandboxData, TalepRow } from './model.js';
import type { SandboxStore } from './store.js';
import { addUnique, changeStatus, tagIdsFor } from './talep-changes.js';

function fieldText(talep: TalepRow, field: string): string | undefined {
  switch (field.toLowerCase()) {
    case 'subject':
      return talep.subject;
    case 'body':
      return talep.body;
    case 'categoryid':
    case 'category':
      return String(talep.categoryId);
    case 'priority':
    case 'priorityid':
      return String(talep.priorityId);
    default:
      return undefined;
  }
}

function conditionHolds(talep: TalepRow, condition: RuleRow['conditions'][number]): boolean {
  const actual = fieldText(talep, condition.field);
  if (actual === undefined) return false;
  const [left, right] = [actual.toLowerCase(), condition.value.toLowerCase()];
  switch (condition.operator.toLowerCase()) {
    case 'contains':
      return left.includes(right);
    case 'equals':
      return left === right;
    case 'notequals':
      return left !== right;
    default:
      return false;
  }
}

export function ruleMatches(rule: RuleRow, talep: TalepRow): boolean {
  if (rule.conditions.length === 0) return false;
  const results = rule.conditions.map((condition) => conditionHolds(talep, condition));
  return rule.match === 'Any' ? results.some(Boolean) : results.every(Boolean);
}

/** Runs every enabled rule on a new talep; returns the ids of the rules that fired. */
export function applyRules(data: SandboxData, store: SandboxStore, talep: TalepRow, now: Date): number[] {
  const fired: number[] = [];
  for (const rule of data.rules) {
    if (!rule.enabled || !ruleMatches(rule, talep)) continue;
    fired.push(rule.id);
    for (const action of rule.actions) applyAction(data, store, talep, action, now);
  }
  return fired;
}

function applyAction(data: SandboxData, store: SandboxStore, talep: TalepRow, action: RuleRow['actions'][number], now: Date): void {
  const number = Number(action.value);
  switch (action.type.toLowerCase()) {
    case 'addtag':
      for (const id of tagIdsFor(data, store, [action.value])) addUnique(talep.tagIds, id);
      break;
    case 'setpriority':
      if (data.priorities.some((priority) => priority.id === number)) talep.priorityId = number;
      break;
    case 'assignto':
      if (data.users.some((user) => user.id === number && !user.disabled)) talep.assigneeId = number;
      break;
    case 'setstatus':
      if ([1, 2, 3].includes(number)) changeStatus(talep, number, now);
      break;
  }
}
