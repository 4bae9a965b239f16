/**
 * The sandbox's "HTTP POST to URL" rule action, a documented extension (README "Help desk → Slack"):
 * the real product's automation rules can call a URL when a talep is created, updated, commented,
 * assigned or closed, with variables such as the talep id and status. Here an enabled rule with an
 * action `HttpPost <url>` does the same after every API write that changed a talep:
 *
 *   <Action><Type>HttpPost</Type><Value>http://bot:3000/helpdesk/events?secret=…</Value></Action>
 *
 * The URL may carry `{TalepID}`, `{Event}` and `{Status}`; the body is JSON `{ TalepID, Event, Status }`.
 * Conditions work as for the create-time actions; a rule whose only actions are HttpPost and that has
 * no conditions fires for every talep. The condition field `Event` (`created`, `updated`, `commented`,
 * `assigned`, `closed`) limits a rule to some events. Posts are fire-and-forget (2 s timeout): the
 * help desk never waits for the bot, and a bot that is down simply misses the hint (its poller catches up).
 */
import { TalepStatus, type RuleRow, type SandboxData, type TalepRow } from './model.js';
import { ruleMatches } from './rules-engine.js';

export type WebhookEvent = 'created' | 'updated' | 'commented' | 'assigned' | 'closed';

/** What a write may change about a talep, to tell which event it was. */
interface TalepMark {
  lastUpdated: string;
  statusId: number;
  assigneeId: number | null;
  comments: number;
}

export type TalepMarks = Map<number, TalepMark>;

export function markTaleps(data: SandboxData): TalepMarks {
  const comments = new Map<number, number>();
  for (const comment of data.comments) comments.set(comment.talepId, (comments.get(comment.talepId) ?? 0) + 1);
  return new Map(
    data.taleps.map((talep) => [talep.id, { lastUpdated: talep.lastUpdated, statusId: talep.statusId, assigneeId: talep.assigneeId, comments: comments.get(talep.id) ?? 0 }]),
  );
}

/** The taleps a write changed, each with the event it was (the strongest one). */
export function changedTaleps(before: TalepMarks, data: SandboxData): { talep: TalepRow; event: WebhookEvent }[] {
  const after = markTaleps(data);
  const changed: { talep: TalepRow; event: WebhookEvent }[] = [];
  for (const talep of data.taleps) {
    const was = before.get(talep.id);
    const now = after.get(talep.id)!;
    if (!was) changed.push({ talep, event: 'created' });
    else if (now.statusId === TalepStatus.Closed && was.statusId !== TalepStatus.Closed) changed.push({ talep, event: 'closed' });
    else if (now.assigneeId !== was.assigneeId) changed.push({ talep, event: 'assigned' });
    else if (now.comments > was.comments) changed.push({ talep, event: 'commented' });
    else if (now.lastUpdated !== was.lastUpdated || now.statusId !== was.statusId) changed.push({ talep, event: 'updated' });
  }
  return changed;
}

const isHttpPost = (action: RuleRow['actions'][number]) => action.type.toLowerCase() === 'httppost';

function webhookRuleMatches(rule: RuleRow, talep: TalepRow, event: WebhookEvent): boolean {
  const eventConditions = rule.conditions.filter((condition) => condition.field.toLowerCase() === 'event');
  const others = rule.conditions.filter((condition) => condition.field.toLowerCase() !== 'event');
  const eventOk = eventConditions.every((condition) => {
    const listed = condition.value.toLowerCase().split(/[\s,]+/).filter(Boolean);
    const hit = listed.includes(event);
    return condition.operator.toLowerCase() === 'notequals' ? !hit : hit;
  });
  if (!eventOk) return false;
  return others.length === 0 || ruleMatches({ ...rule, conditions: others }, talep);
}

export interface WebhookPost {
  url: string;
  body: string;
}

/** The posts the enabled HttpPost rules ask for after these changes. */
export function webhookPosts(data: SandboxData, changes: readonly { talep: TalepRow; event: WebhookEvent }[]): WebhookPost[] {
  const posts: WebhookPost[] = [];
  for (const rule of data.rules) {
    if (!rule.enabled) continue;
    const targets = rule.actions.filter(isHttpPost);
    if (targets.length === 0) continue;
    for (const { talep, event } of changes) {
      if (!webhookRuleMatches(rule, talep, event)) continue;
      const status = talep.statusId === TalepStatus.Closed ? 'Closed' : talep.statusId === TalepStatus.InProgress ? 'In progress' : 'New';
      const fill = (text: string) =>
        text.replaceAll('{TalepID}', String(talep.id)).replaceAll('{Event}', event).replaceAll('{Status}', encodeURIComponent(status));
      for (const target of targets) {
        posts.push({ url: fill(target.value), body: JSON.stringify({ TalepID: talep.id, Event: event, Status: status }) });
      }
    }
  }
  return posts;
}

/** Sends each post without waiting for it; failures are only counted (the help desk does not retry). */
export function sendWebhooks(posts: readonly WebhookPost[], onFailure: (url: string, error: unknown) => void = () => undefined): void {
  for (const post of posts) {
    fetch(post.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: post.body,
      signal: AbortSignal.timeout(2_000),
    })
      .then((response) => response.body?.cancel())
      .catch((error: unknown) => onFailure(post.url.replace(/secret=[^&]*/i, 'secret=…'), error));
  }
}
