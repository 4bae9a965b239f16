/**
 * Downloading Slack-hosted files with the bot token. The fetcher uses global fetch, which nock
 * intercepts, so these run without any network.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSlackFileFetcher, SlackFileError } from '../../src/slack/files.js';

const FILES = 'https://files.slack.com';
const fetcher = createSlackFileFetcher('xoxb-bot-token', 1024);

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('createSlackFileFetcher', () => {
  it('downloads with the bot token and keeps the bytes and type', async () => {
    const scope = nock(FILES, { reqheaders: { authorization: 'Bearer xoxb-bot-token' } })
      .get('/files-pri/T1-F1/download/report.pdf')
      .reply(200, Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]), { 'content-type': 'application/pdf' });

    const file = await fetcher.download(`${FILES}/files-pri/T1-F1/download/report.pdf`, 'report.pdf');

    expect(file).toEqual({ filename: 'report.pdf', contentType: 'application/pdf', data: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]) });
    expect(scope.isDone()).toBe(true);
  });

  it('follows Slack’s redirect to the file host', async () => {
    nock(FILES).get('/files-pri/T1-F2/a.txt').reply(302, '', { location: `${FILES}/real/a.txt` });
    nock(FILES).get('/real/a.txt').reply(200, 'hello', { 'content-type': 'text/plain' });
    const file = await fetcher.download(`${FILES}/files-pri/T1-F2/a.txt`, 'a.txt', 'text/plain');
    expect(Buffer.from(file.data).toString()).toBe('hello');
  });

  it('refuses files over the limit, by header and by counting', async () => {
    nock(FILES).get('/big').reply(200, Buffer.alloc(10), { 'content-length': '999999' });
    await expect(fetcher.download(`${FILES}/big`, 'big.bin')).rejects.toThrow(/larger than/);
    nock(FILES).get('/chunked').reply(200, () => Buffer.alloc(4096));
    await expect(fetcher.download(`${FILES}/chunked`, 'c.bin')).rejects.toBeInstanceOf(SlackFileError);
  });

  it('explains a refusal and the sign-in page Slack serves without files:read', async () => {
    nock(FILES).get('/gone').reply(404, 'nope');
    await expect(fetcher.download(`${FILES}/gone`, 'gone.png')).rejects.toThrow(/did not hand out “gone.png” \(HTTP 404\)/);
    nock(FILES).get('/login').reply(200, '<html>sign in</html>', { 'content-type': 'text/html; charset=utf-8' });
    await expect(fetcher.download(`${FILES}/login`, 'photo.png')).rejects.toThrow(/files:read/);
  });
});
