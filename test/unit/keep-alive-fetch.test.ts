/** The WebClient's lean fetch answers what the WebClient reads: status, headers, text and JSON. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveFetch } from '../../src/slack/keep-alive-fetch.js';

let url = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    res.writeHead(req.url === '/limited' ? 429 : 200, { 'content-type': 'application/json', 'retry-after': '7' });
    res.end(JSON.stringify({ ok: true, method: req.method, contentType: req.headers['content-type'], body }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('keepAliveFetch', () => {
  it('posts a form body and answers status, headers and JSON', async () => {
    const fetch = keepAliveFetch();
    const response = await fetch(`${url}/api/chat.postMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=C1&text=hi',
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({ ok: true, method: 'POST', contentType: 'application/x-www-form-urlencoded', body: 'channel=C1&text=hi' });
  });

  it('passes a 429 with its Retry-After through (the WebClient waits it out)', async () => {
    const response = await keepAliveFetch()(`${url}/limited`, { method: 'POST', body: '' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect([...response.headers.entries()].length).toBeGreaterThan(0);
    expect(JSON.parse(await response.text())).toMatchObject({ ok: true });
  });
});
