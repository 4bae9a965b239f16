/** gzip, multipart uploads and downloads, the body-size limit, over raw HTTP. */
import { gunzipSync } from 'node:zlib';
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { send, startTestSandbox } from './sandbox-http.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('gzip', () => {
  test('Accept-Encoding: gzip gets a gzip body; without it the body is plain', async () => {
    const zipped = await send(sandbox, '/Search', { auth: 'agent:demo', query: { query: '' }, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const taleps = JSON.parse(gunzipSync(zipped.body).toString('utf8')) as unknown[];
    expect(taleps.length).toBeGreaterThanOrEqual(10);

    const plain = await send(sandbox, '/Search', { auth: 'agent:demo', query: { query: '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<unknown[]>()).toHaveLength(taleps.length);

    const refused = await send(sandbox, '/Stats', { auth: 'agent:demo', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

describe('multipart', () => {
  const pdf = Buffer.from('%PDF-1.4\n% sandbox test\n%%EOF\n');

  test('a talep created with uploadFile keeps the file; download gives bytes, type and name', async () => {
    const form = new FormData();
    form.append('categoryId', '1');
    form.append('subject', 'Scanner makes noise');
    form.append('body', 'See the attached report.');
    form.append('priorityId', '0');
    form.append('uploadFile', new Blob([pdf], { type: 'application/pdf' }), 'rapor-özet.pdf');
    const created = await send(sandbox, '/talep', { auth: 'user:demo', multipart: form });
    expect(created.status).toBe(200);
    const { id } = created.json<{ id: number }>();

    const files = await send(sandbox, '/Attachments', { auth: 'user:demo', query: { id: String(id) } });
    const [file] = files.json<{ FileName: string; FileID: number; FileSize: number; Url: string }[]>();
    expect(file).toMatchObject({ FileName: 'rapor-özet.pdf', FileSize: pdf.length });
    expect(file?.Url).toBe(`${sandbox.baseUrl}/attachment?id=${file?.FileID}`);

    const download = await send(sandbox, file?.Url ?? '', { auth: 'user:demo' });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''rapor-%C3%B6zet.pdf");
    expect(download.body.equals(pdf)).toBe(true);
  });

  test('AttachFile and a comment with a file; files of ForTechsOnly comments are hidden from regular users', async () => {
    const attach = new FormData();
    attach.append('id', '1');
    attach.append('uploadFile', new Blob(['first line\n'], { type: 'text/plain' }), 'notes.txt');
    expect((await send(sandbox, '/AttachFile', { auth: 'user:demo', multipart: attach })).status).toBe(200);

    const comment = new FormData();
    comment.append('id', '1');
    comment.append('body', 'Internal: toner batch is faulty.');
    comment.append('forTechsOnly', 'true');
    comment.append('uploadFile', new Blob(['batch 42'], { type: 'text/plain' }), 'batch.txt');
    expect((await send(sandbox, '/comment', { auth: 'agent:demo', multipart: comment })).status).toBe(200);

    const asAgent = (await send(sandbox, '/Attachments', { auth: 'agent:demo', query: { id: '1' } })).json<{ FileName: string; FileID: number }[]>();
    expect(asAgent.map((file) => file.FileName)).toEqual(['jam-photo.png', 'notes.txt', 'batch.txt']);
    const asUser = (await send(sandbox, '/Attachments', { auth: 'user:demo', query: { id: '1' } })).json<{ FileName: string }[]>();
    expect(asUser.map((file) => file.FileName)).toEqual(['jam-photo.png', 'notes.txt']);
    const hiddenId = asAgent.find((file) => file.FileName === 'batch.txt')?.FileID;
    expect((await send(sandbox, '/attachment', { auth: 'user:demo', query: { id: String(hiddenId) } })).status).toBe(404);
  });

  test('a file parameter sent as text is a 400 naming it', async () => {
    const response = await send(sandbox, '/AttachFile', { auth: 'user:demo', form: { id: '1', uploadFile: 'not a file' } });
    expect(response.status).toBe(400);
    expect(response.text).toBe("Parameter 'uploadFile': expected a file (multipart part with a file name).");
  });
});

describe('body size', () => {
  test('a body over the limit is a 413', async () => {
    const small = await startTestSandbox({ maxBodyBytes: 1024 });
    try {
      const form = new FormData();
      form.append('id', '1');
      form.append('uploadFile', new Blob([Buffer.alloc(4096, 1)]), 'big.bin');
      const response = await send(small, '/AttachFile', { auth: 'user:demo', multipart: form });
      expect(response.status).toBe(413);
      expect(response.text).toContain('1024 bytes');
    } finally {
      await small.close();
    }
  });
});
