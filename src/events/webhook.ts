/**
 * `POST /helpdesk/events`: the help desk's automation rules call it when a talep is created, updated,
 * commented, assigned or closed (README "Webhook set-up"). Authenticated by `HELPDESK_WEBHOOK_SECRET`,
 * given as `?secret=` or the `X-Helpdesk-Secret` header (or `Authorization: Bearer`), compared in
 * constant time; anything else is a 401. The body (at most 16 KiB, JSON or form) is only a hint: the
 * talep id(s) are taken from it and published as changes; consumers read the talep's current state
 * themselves, so a forged or stale hint can never put false data into Slack.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import type { Route } from '../slack/http-receiver.js';
import type { TalepChangeKind, TalepChanges } from './talep-changes.js';

export const WEBHOOK_PATH = '/helpdesk/events';
const BODY_LIMIT = 16 * 1024;
/** A rule firing for a bulk change may name several taleps; more than this is refused as not a hint. */
const MAX_IDS = 100;

const talepId = z.coerce.number().int().min(1).max(2_147_483_647);

const kindOf: Record<string, TalepChangeKind> = {
  created: 'created',
  create: 'created',
  new: 'created',
  updated: 'updated',
  update: 'updated',
  commented: 'commented',
  comment: 'commented',
  assigned: 'assigned',
  assign: 'assigned',
  status: 'status',
  closed: 'closed',
  close: 'closed',
};

/** The shapes a rule may send: `{TalepID}`, `{talepId}`, `{id}`, `{IssueID}`, `{ids:[…]}`; the event optional. */
const hint = z
  .looseObject({
    TalepID: talepId.optional(),
    talepId: talepId.optional(),
    IssueID: talepId.optional(),
    id: talepId.optional(),
    ids: z.array(talepId).max(MAX_IDS).optional(),
    Event: z.string().max(40).optional(),
    event: z.string().max(40).optional(),
  })
  .transform((body) => {
    const ids = new Set<number>([...(body.ids ?? [])]);
    for (const id of [body.TalepID, body.talepId, body.IssueID, body.id]) if (id !== undefined) ids.add(id);
    const event = (body.Event ?? body.event ?? '').trim().toLowerCase();
    return { ids: [...ids], kind: kindOf[event] ?? ('updated' as const) };
  });

export interface WebhookOptions {
  secret: string;
  changes: TalepChanges;
  logger: { info(message: string): void; warn(message: string): void };
  now?: () => Date;
}

/** Same-length digests, so the comparison takes the same time whatever was sent. */
function sameSecret(given: string, secret: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b) && given.length === secret.length;
}

function presentedSecret(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers['x-helpdesk-secret'];
  if (typeof header === 'string' && header) return header;
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^bearer /i.test(auth)) return auth.slice(7).trim();
  return url.searchParams.get('secret') ?? undefined;
}

class TooLarge extends Error {}

async function readLimited(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > BODY_LIMIT) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string | undefined, url: URL): unknown {
  if (/application\/x-www-form-urlencoded/i.test(contentType ?? '')) return Object.fromEntries(new URLSearchParams(text));
  if (text.trim() === '') return Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'secret'));
  return JSON.parse(text) as unknown;
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

export function helpdeskWebhookRoute(options: WebhookOptions): Route {
  const now = options.now ?? (() => new Date());
  return {
    method: 'POST',
    path: WEBHOOK_PATH,
    handler: async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const given = presentedSecret(req, url);
      if (given === undefined || !sameSecret(given, options.secret)) {
        // Never the secret or the body in the log: only that someone knocked without it.
        options.logger.warn(`help-desk webhook refused: ${given === undefined ? 'no secret' : 'wrong secret'}`);
        req.resume();
        answer(res, 401, 'unauthorized');
        return;
      }
      let body: unknown;
      try {
        body = parseBody(await readLimited(req), req.headers['content-type'], url);
      } catch (error) {
        if (error instanceof TooLarge) {
          answer(res, 413, 'the body is larger than a hint needs (16 KiB)');
          req.resume();
        } else answer(res, 400, 'the body is not JSON or a form');
        return;
      }
      const parsed = hint.safeParse(body);
      if (!parsed.success || parsed.data.ids.length === 0) {
        options.logger.info('help-desk webhook without a talep id: ignored');
        answer(res, 400, 'no talep id (send {"TalepID": 12})');
        return;
      }
      const { ids, kind } = parsed.data;
      // Answered before the consumers run: the help desk never waits for Slack.
      answer(res, 202, 'accepted');
      const at = now();
      for (const id of ids) void options.changes.publish({ talepId: id, kind, via: 'push', at });
    },
  };
}
