/**
 * Writing responses: one `Reply` value per request, gzip-compressed when the client sends
 * `Accept-Encoding: gzip` (the spec's transport rule 4).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Error and plain replies: the body states the reason (the spec: "clients check the body"). */
export const textReply = (status: number, text: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  body: Buffer.from(text, 'utf8'),
});

export const jsonReply = (value: unknown, status = 200): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(value), 'utf8'),
});

export const htmlReply = (html: string, status = 200): Reply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(html, 'utf8'),
});

/** A permanent redirect (an old or foreign address of a page). */
export const redirectReply = (location: string): Reply => ({ status: 301, headers: { location }, body: Buffer.alloc(0) });

export const emptyReply = (status = 200): Reply => ({ status, headers: {}, body: Buffer.alloc(0) });

/** Whether `Accept-Encoding` allows gzip (and does not refuse it with `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...options] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = options.map((option) => /^\s*q=([\d.]+)\s*$/.exec(option)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  });
}

export function writeReply(request: IncomingMessage, response: ServerResponse, reply: Reply): void {
  let body = reply.body;
  const headers: Record<string, string> = { ...reply.headers, vary: 'Accept-Encoding' };
  if (body.length > 0 && acceptsGzip(request.headers['accept-encoding'])) {
    body = gzipSync(body);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  response.writeHead(reply.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}
