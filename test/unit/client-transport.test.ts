/**
 * The client's HTTP layer: compression, multipart uploads, downloads, the Authorization header,
 * base-URL handling and the token endpoint at the application root.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Response } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { basic, bearer } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import { API, BASE_URL, type MockHelpdesk, mockHelpdesk, ORIGIN, pdfBytes, talepJson } from './client-fixtures.js';

let hd: MockHelpdesk | undefined;
const open = (...args: Parameters<typeof mockHelpdesk>): MockHelpdesk => (hd = mockHelpdesk(...args));

afterEach(async () => {
  hd?.agent.assertNoPendingInterceptors();
  await hd?.close();
  hd = undefined;
});

const upload = { filename: 'screen shot.png', contentType: 'image/png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]) };

/** The multipart body exactly as undici puts it on the wire (boundary header + encoded parts). */
async function encodeMultipart(form: unknown): Promise<{ contentType: string; body: Buffer }> {
  const response = new Response(form as ConstructorParameters<typeof Response>[0]);
  return { contentType: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) };
}

describe('compressed responses', () => {
  it('asks for gzip and decodes a gzip-compressed JSON body transparently', async () => {
    const { client, reply, requests } = open();
    reply({
      body: gzipSync(JSON.stringify(talepJson)),
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' },
    });

    const talep = await client.getTalep({ id: 12 });

    expect(talep.Subject).toBe('Yazıcı çalışmıyor');
    expect(talep.DueDate).toEqual(new Date(Date.UTC(2024, 4, 1, 9, 30)));
    expect(requests()[0]?.headers['accept-encoding']).toMatch(/\bgzip\b/);
  });

  it('refuses a body that inflates beyond maxResponseBytes (a small gzip can hide a huge body)', async () => {
    const { client, pool, requests } = open({ maxResponseBytes: 10_000 });
    const bomb = gzipSync(Buffer.alloc(1_000_000)); // about 1 KB on the wire
    expect(bomb.length).toBeLessThan(10_000);
    pool
      .intercept({ path: () => true })
      .reply(200, bomb, { headers: { 'content-type': 'application/pdf', 'content-encoding': 'gzip' } });

    const error = await client.getAttachment({ id: 3 }).catch((reason: unknown) => reason);

    expect(error).toMatchObject({ kind: 'invalid-response', operation: 'getAttachment' });
    expect((error as Error).message).toMatch(/more than 10000 bytes/);
    // Not retried: the same oversize body would come again.
    expect(requests()).toHaveLength(1);
  });

  it('decodes a gzip-compressed error body before reading the reason', async () => {
    const { client, reply } = open();
    reply({ status: 404, body: gzipSync('Talep 99 not found'), headers: { 'content-encoding': 'gzip' } });
    await expect(client.getTalep({ id: 99 })).rejects.toMatchObject({ kind: 'not-found', reason: 'Talep 99 not found' });
  });
});

describe('multipart uploads', () => {
  it('createTalep with uploadFile sends multipart/form-data with the file and every other field', async () => {
    const { client, replyJson, requests } = open();
    replyJson({ id: 42 });

    const created = await client.createTalep({
      categoryId: 2,
      subject: 'Ekran görüntüsü',
      body: 'See attached',
      priorityId: 0,
      tags: ['screen', 'ui'],
      uploadFile: upload,
    });

    expect(created.id).toBe(42);
    const [request] = requests();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`${API}/talep`);
    expect(request?.form).toEqual({
      categoryId: '2',
      subject: 'Ekran görüntüsü',
      body: 'See attached',
      priorityId: '0',
      tags: 'screen,ui',
      uploadFile: 'screen shot.png (image/png, 6 bytes)',
    });
    // No urlencoded content type may be forced on a multipart body: undici must set the boundary.
    expect(request?.headers['content-type']).toBeUndefined();

    const { contentType, body } = await encodeMultipart(request?.formData);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(body.includes('name="uploadFile"; filename="screen shot.png"')).toBe(true);
    expect(body.includes(Buffer.from(upload.data))).toBe(true);
    expect(body.includes('Content-Type: image/png')).toBe(true);
    expect(body.includes(Buffer.from('name="subject"\r\n\r\nEkran görüntüsü\r\n'))).toBe(true);
    expect(body.includes('name="tags"\r\n\r\nscreen,ui\r\n')).toBe(true);
  });

  it('attachFile sends the talep id and the file bytes unchanged', async () => {
    const { client, reply, requests } = open();
    reply();

    await client.attachFile({ id: 12, uploadFile: { filename: 'report.pdf', data: pdfBytes } });

    const [request] = requests();
    expect(request?.path).toBe(`${API}/AttachFile`);
    const file = request?.formData?.get('uploadFile');
    expect(file).toBeInstanceOf(Blob);
    expect(Buffer.from(await (file as Blob).arrayBuffer())).toEqual(pdfBytes);
    // Without a declared type the part is generic binary.
    expect((file as Blob).type).toBe('application/octet-stream');
    expect(request?.formData?.get('id')).toBe('12');
  });

  it('addComment with uploadFile puts the comment fields beside the file', async () => {
    const { client, reply, requests } = open();
    reply();

    await client.addComment({ id: 12, body: 'Log attached', forTechsOnly: true, recipientIds: [3, 4], uploadFile: upload });

    const [request] = requests();
    expect(request?.path).toBe(`${API}/comment`);
    expect(request?.form).toEqual({
      id: '12',
      body: 'Log attached',
      forTechsOnly: 'true',
      recipientIds: '3,4',
      uploadFile: 'screen shot.png (image/png, 6 bytes)',
    });
  });

  it('addComment without a file stays a urlencoded form', async () => {
    const { client, reply, requests } = open();
    reply();
    await client.addComment({ id: 12, body: 'No file' });
    const [request] = requests();
    expect(request?.formData).toBeUndefined();
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.form).toEqual({ id: '12', body: 'No file' });
  });
});

describe('multipart on a real socket (loopback)', () => {
  let server: Server | undefined;

  afterEach(async () => {
    server?.close();
    if (server) await once(server, 'close');
    server = undefined;
  });

  it('the header carries the boundary that delimits the parts in the body', async () => {
    const received: Array<{ url: string | undefined; headers: IncomingMessage['headers']; body: Buffer }> = [];
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":42}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const client = new HelpdeskClient({
      baseUrl: `http://127.0.0.1:${port}/helpdesk/api`,
      credential: bearer('t'),
      throttle: { enabled: false },
    });

    try {
      await client.createTalep({ categoryId: 1, subject: 'On the wire', body: '', priorityId: 0, uploadFile: upload });
    } finally {
      await client.close();
    }

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.url).toBe('/helpdesk/api/talep');
    const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(request?.headers['content-type'] ?? '')?.[1];
    expect(boundary).toBeDefined();
    const body = request?.body ?? Buffer.alloc(0);
    expect(body.includes(`--${boundary}\r\n`)).toBe(true);
    expect(body.includes(`--${boundary}--`)).toBe(true);
    expect(body.includes('filename="screen shot.png"')).toBe(true);
    expect(body.includes(Buffer.from(upload.data))).toBe(true);
    expect(body.includes('name="subject"\r\n\r\nOn the wire\r\n')).toBe(true);
    expect(request?.headers.authorization).toBe('Bearer t');
  });
});

describe('downloads', () => {
  it('returns the bytes, type and the file name of Content-Disposition', async () => {
    const { client, reply, requests } = open();
    reply({
      body: pdfBytes,
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="report.pdf"' },
    });

    const file = await client.getAttachment({ id: 3 });

    expect(file).toMatchObject({ filename: 'report.pdf', contentType: 'application/pdf', size: pdfBytes.length });
    expect(Buffer.from(file.data)).toEqual(pdfBytes);
    expect(requests()[0]).toMatchObject({ path: `${API}/attachment`, query: { id: '3' } });
  });

  it('decodes an RFC 5987 filename* (UTF-8, percent-encoded)', async () => {
    const { client, reply } = open();
    reply({
      body: pdfBytes,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': "attachment; filename*=UTF-8''%C3%96zet%20rapor.pdf",
      },
    });
    const file = await client.getAttachment({ id: 4 });
    expect(file.filename).toBe('Özet rapor.pdf');
    expect(Buffer.from(file.data)).toEqual(pdfBytes);
  });

  it('prefers filename* over the ASCII fallback when both are given', async () => {
    const { client, reply } = open();
    reply({
      body: 'a,b\n',
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': "attachment; filename=\"Ozet.csv\"; filename*=UTF-8''%C3%96zet.csv",
      },
    });
    const file = await client.getAttachment({ id: 5 });
    expect(file).toMatchObject({ filename: 'Özet.csv', contentType: 'text/csv; charset=utf-8' });
    expect(Buffer.from(file.data).toString('utf8')).toBe('a,b\n');
  });

  it('decompresses a gzip-encoded download and keeps the bytes exact', async () => {
    const { client, reply } = open();
    reply({
      body: gzipSync(pdfBytes),
      headers: {
        'content-type': 'application/pdf',
        'content-encoding': 'gzip',
        'content-disposition': 'attachment; filename="report.pdf"',
      },
    });
    const file = await client.getAttachment({ id: 3 });
    expect(Buffer.from(file.data)).toEqual(pdfBytes);
    expect(file.size).toBe(pdfBytes.length);
  });

  it('has no file name when the header is missing, and a generic type when none is sent', async () => {
    const { client, reply } = open();
    reply({ body: pdfBytes });
    const file = await client.getAttachment({ id: 3 });
    expect(file.filename).toBeUndefined();
    expect(file.contentType).toBe('application/octet-stream');
  });
});

describe('Authorization header', () => {
  it.each([
    ['bearer token', bearer('abc.DEF-123'), 'Bearer abc.DEF-123'],
    ['basic', basic('user', 'p@ss'), 'Basic dXNlcjpwQHNz'],
    // base64(utf8("CORP\ayşe:şifre")); a Latin-1 encoding would give "Q09SUFxheV9lOl9pZnJl".
    ['basic with a domain and non-ASCII', basic('CORP\\ayşe', 'şifre'), 'Basic Q09SUFxhecWfZTrFn2lmcmU='],
  ])('%s', async (_, credential, header) => {
    const { client, replyJson, requests } = open({ credential });
    replyJson([]);
    await client.priorities();
    expect(requests()[0]?.headers.authorization).toBe(header);
  });

  it('a per-call credential overrides the client credential, and withCredential sets one', async () => {
    const { client, replyJson, requests } = open();
    replyJson([]);
    replyJson([]);
    await client.departments({}, { credential: bearer('other') });
    await client.withCredential(basic('user', 'p@ss')).departments();
    expect(requests().map((request) => request.headers.authorization)).toEqual(['Bearer other', 'Basic dXNlcjpwQHNz']);
  });
});

describe('base URL', () => {
  it.each([
    ['a sub-directory', `${ORIGIN}/helpdesk/api`, '/helpdesk/api/talep'],
    ['a sub-directory and a trailing slash', `${ORIGIN}/helpdesk/api/`, '/helpdesk/api/talep'],
    ['no sub-directory', `${ORIGIN}/api`, '/api/talep'],
    ['no sub-directory and a trailing slash', `${ORIGIN}/api/`, '/api/talep'],
    ['the API at the host root', `${ORIGIN}/`, '/talep'],
  ])('with %s', async (_, baseUrl, path) => {
    const { client, replyJson, requests } = open({ baseUrl });
    replyJson(talepJson);
    await client.getTalep({ id: 12 });
    expect(requests()[0]?.path).toBe(path);
    expect(requests()[0]?.query).toEqual({ id: '12' });
  });

  it('reports the normalised base URL and the token page at the application root', () => {
    const { client } = open({ baseUrl: `${ORIGIN}/helpdesk/api/` });
    expect(client.baseUrl).toBe(BASE_URL);
    expect(client.tokenPageUrl).toBe(`${ORIGIN}/helpdesk/User/Token/`);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new HelpdeskClient({ baseUrl: 'ftp://hd.example.com/api' })).toThrow(/http/);
  });
});

describe('fetchUserToken', () => {
  it('calls <root>/helpdesk/User/Token?json=true with Basic auth and returns the token', async () => {
    const { client, replyJson, requests } = open();
    replyJson({ token: 'tok-123' });

    const token = await client.fetchUserToken(basic('ayse', 'şifre'));

    expect(token).toBe('tok-123');
    const [request] = requests();
    expect(request).toMatchObject({ method: 'GET', path: '/helpdesk/User/Token', query: { json: 'true' } });
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('ayse:şifre', 'utf8').toString('base64')}`);
  });

  it('without a sub-directory the root is the host', async () => {
    const { client, replyJson, requests } = open({ baseUrl: `${ORIGIN}/api/` });
    replyJson({ token: 'tok-456' });
    await expect(client.fetchUserToken(basic('ayse', 'x'))).resolves.toBe('tok-456');
    expect(requests()[0]?.path).toBe('/User/Token');
  });

  it('an answer without a token is invalid-response', async () => {
    const { client, replyJson } = open();
    replyJson({ error: null });
    await expect(client.fetchUserToken(basic('ayse', 'x'))).rejects.toMatchObject({
      kind: 'invalid-response',
      operation: 'userToken',
      field: 'token',
    });
  });

  it('a wrong password is unauthorized', async () => {
    const { client, reply } = open();
    reply({ status: 401, body: 'Invalid username or password' });
    await expect(client.fetchUserToken(basic('ayse', 'wrong'))).rejects.toMatchObject({
      kind: 'unauthorized',
      reason: 'Invalid username or password',
    });
  });
});

describe('a call’s typical time (what a queued caller waits on top of the queue)', () => {
  const answerAfter = (h: MockHelpdesk, ms: number) =>
    h.pool
      .intercept({ path: () => true, method: () => true })
      .reply(200, JSON.stringify(talepJson), { headers: { 'content-type': 'application/json; charset=utf-8' } })
      .delay(ms);

  it('starts as a 500 ms guess that the first timed call replaces (not averaged in), then moves as an average', async () => {
    const h = open();
    expect(h.client.typicalCallMs).toBe(500);
    answerAfter(h, 120);
    await h.client.getTalep({ id: 12 });
    const first = h.client.typicalCallMs;
    expect(first).toBeGreaterThanOrEqual(100);
    expect(first).toBeLessThan(400); // averaged into the guess it would be ≥ 420
    answerAfter(h, 600);
    await h.client.getTalep({ id: 12 });
    expect(h.client.typicalCallMs).toBeGreaterThan(first);
    expect(h.client.typicalCallMs).toBeLessThan(600);
  });

  it('starts from a given first measure (the start-up probe’s), averaged with later calls', async () => {
    const h = open({ typicalCallMs: 2_000 });
    expect(h.client.typicalCallMs).toBe(2_000);
    answerAfter(h, 50);
    await h.client.getTalep({ id: 12 });
    expect(h.client.typicalCallMs).toBeGreaterThan(1_500); // 0.8 × 2,000 + 0.2 × ~50
  });
});
