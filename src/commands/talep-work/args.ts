/** The arguments of the talep-work routes. Pure. */
import { parseDueDate } from '../../domain/dates.js';
import { type PriorityKey, parsePriority } from '../../domain/priority.js';
import { parseStatus, type StatusKey } from '../../domain/status.js';
import { type AssigneeArg, fail, ok, type Parsed, parseAssignee, withTalepId } from '../../slack/args.js';

export interface AssignArgs {
  talepId: number;
  assignee: AssigneeArg;
}

export function parseAssignArgs(text: string): Parsed<AssignArgs> {
  return withTalepId(text, (talepId, remainder) => {
    if (!remainder) return fail('parse.assignWho');
    const assignee = parseAssignee(remainder);
    return assignee.ok ? ok({ talepId, assignee: assignee.value }) : assignee;
  });
}

export function parseStatusArgs(text: string): Parsed<{ talepId: number; status: StatusKey }> {
  return withTalepId(text, (talepId, remainder) => {
    const status = parseStatus(remainder);
    return status.ok ? ok({ talepId, status: status.value }) : status;
  });
}

export function parsePriorityArgs(text: string): Parsed<{ talepId: number; priority: PriorityKey }> {
  return withTalepId(text, (talepId, remainder) => {
    const priority = parsePriority(remainder);
    return priority.ok ? ok({ talepId, priority: priority.value }) : priority;
  });
}

export interface DueArgs {
  talepId: number;
  /** Checked here, turned into an instant when the command runs (it needs now and the person's zone). */
  due: string;
}

export function parseDueArgs(text: string): Parsed<DueArgs> {
  return withTalepId(text, (talepId, remainder) => {
    // The syntax does not depend on the clock or the zone: check it now, resolve it in `run`.
    const checked = parseDueDate(remainder, new Date(0), 0);
    return checked.ok ? ok({ talepId, due: remainder.trim() }) : checked;
  });
}

export function parseCloseArgs(text: string): Parsed<number> {
  return withTalepId(text, (talepId, remainder) =>
    remainder ? fail('parse.closeExtra', { text: remainder }) : ok(talepId),
  );
}
