/**
 * Deliveries seen by this process, so that Slack's re-sends and double deliveries of one interaction
 * are handled once: a view submission (same view id, hash and submitted values), a block action (same
 * action ts and action id), a slash command or shortcut (same trigger id), an event (same event id).
 * A duplicate gets the first delivery's ack (a submission's `response_action` included) and runs
 * nothing.
 *
 * The log is in memory, bounded (entries expire after 10 minutes, at most 10,000 are kept), so it only
 * covers one process. With several instances (`SharedDeliveries`, PostgreSQL: src/cluster/deliveries.ts)
 * a delivery this process sees first is also claimed where every instance looks, so a copy Slack sends
 * to another instance runs nothing there either and gets the first one's ack. Beyond that, what
 * survives a restart is the durable side — the outbox's job keys and the idempotency store
 * (./outbox.ts, ./once.ts).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { buttonKey, submissionKey } from './idempotency-keys.js';

export const DELIVERY_TTL_MS = 10 * 60_000;
const MAX_DELIVERIES = 10_000;
/** How long a duplicate waits for the first delivery's ack (Slack waits 3 s for an answer). */
const WAIT_FOR_FIRST_ACK_MS = 2_500;

/** What the first delivery answered Slack (undefined: a plain ack). */
export type AckAnswer = Record<string, unknown> | undefined;

interface Delivery {
  ack: Promise<AckAnswer>;
  settle(answer: AckAnswer): void;
}

export interface FirstDelivery {
  first: true;
  /** Records the ack the first delivery answered with, for its duplicates. */
  acked(answer: AckAnswer): void;
}

export interface Duplicate {
  first: false;
  /** The first delivery's ack, once it was given (undefined after a wait of 2.5 s: a plain ack). */
  firstAck(): Promise<AckAnswer>;
}

/** Delivery keys claimed across instances. */
export interface SharedDeliveries {
  /** True when this instance claimed `key` first (within the last 10 minutes); false for a copy. */
  claim(key: string): Promise<boolean>;
  /** Records the first delivery's ack, for copies that reach other instances. */
  acked(key: string, answer: AckAnswer): Promise<void>;
  /** The ack the first delivery gave, waiting up to `waitMs` for it (undefined: a plain ack). */
  firstAck(key: string, waitMs: number): Promise<AckAnswer>;
}

export { WAIT_FOR_FIRST_ACK_MS };

export class DeliveryLog {
  readonly #seen: LRUCache<string, Delivery>;

  constructor(options: { ttlMs?: number; max?: number } = {}) {
    this.#seen = new LRUCache({ max: options.max ?? MAX_DELIVERIES, ttl: options.ttlMs ?? DELIVERY_TTL_MS });
  }

  /** The first delivery of `key` in the last 10 minutes, or a duplicate of one. Decided synchronously. */
  arrive(key: string): FirstDelivery | Duplicate {
    const seen = this.#seen.get(key);
    if (seen) {
      return {
        first: false,
        firstAck: () => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<AckAnswer>((resolve) => {
            timer = setTimeout(() => resolve(undefined), WAIT_FOR_FIRST_ACK_MS);
          });
          return Promise.race([seen.ack, late]).finally(() => clearTimeout(timer));
        },
      };
    }
    let settle: (answer: AckAnswer) => void = () => undefined;
    const ack = new Promise<AckAnswer>((resolve) => {
      settle = resolve;
    });
    this.#seen.set(key, { ack, settle });
    return { first: true, acked: (answer) => settle(answer) };
  }

  get size(): number {
    return this.#seen.size;
  }
}

// ── the keys of deliveries ─────────────────────────────────────────────────────────────────────────

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

interface PayloadWho {
  team?: { id?: unknown } | null;
  user?: { id?: unknown; team_id?: unknown } | null;
}

const teamOf = (body: PayloadWho): string => text(body.team?.id) || text(body.user?.team_id) || 'unknown-team';
const userOf = (body: PayloadWho): string => text(body.user?.id);

/** A digest of the submitted values: a corrected resubmission of a form (same view and hash) is new. */
const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value ?? null)).digest('base64url').slice(0, 16);

/**
 * A view submission: the submission's idempotency key (view id and hash) plus its values. Slack keeps
 * the hash when it only showed inline errors, so the values tell a corrected form from a re-send.
 */
export function submissionDeliveryKey(body: PayloadWho & { view?: { id?: unknown; hash?: unknown; state?: { values?: unknown } } }): string {
  const key = submissionKey({ teamId: teamOf(body), userId: userOf(body), viewId: text(body.view?.id), viewHash: text(body.view?.hash) });
  return `${key}:${digest(body.view?.state?.values)}`;
}

/** A block action: who, the action's ts and its id. Undefined when Slack sent no action ts. */
export function actionDeliveryKey(body: PayloadWho & { actions?: readonly { action_ts?: unknown; action_id?: unknown }[] }): string | undefined {
  const action = body.actions?.[0];
  const actionTs = text(action?.action_ts);
  if (!actionTs) return undefined;
  return `${buttonKey({ teamId: teamOf(body), userId: userOf(body), actionTs })}:${text(action?.action_id)}`;
}

/** A slash command or a shortcut: its trigger id (Slack makes one per invocation). */
export const triggerDeliveryKey = (kind: 'command' | 'shortcut', teamId: string, userId: string, triggerId: string): string | undefined =>
  triggerId ? `${kind}:${teamId}:${userId}:${triggerId}` : undefined;
