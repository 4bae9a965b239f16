/** Debug logs of Slack calls: which call, status and time — never arguments, results or capability URLs. */
import { describe, expect, it, vi } from 'vitest';
import { createLogger, quietFrameworkLogger } from '../../src/logger.js';
import { loggingFetch, slackCallLabel } from '../../src/slack/call-log.js';

describe('slackCallLabel', () => {
  it('names Web API methods, and only the origin of anything else (a response_url path is a capability)', () => {
    expect(slackCallLabel('https://slack.com/api/chat.postMessage')).toBe('api chat.postMessage');
    expect(slackCallLabel(new URL('http://127.0.0.1:4000/api/views.update'))).toBe('api views.update');
    expect(slackCallLabel('https://hooks.slack.com/commands/T1/123/AbCdEf')).toBe('https://hooks.slack.com');
    expect(slackCallLabel('not a url')).toBe('an unparsable URL');
  });
});

describe('loggingFetch', () => {
  it('logs method, status and ms, and passes the response through untouched', async () => {
    const lines: string[] = [];
    const response = { ok: true, status: 200 } as Awaited<ReturnType<ReturnType<typeof loggingFetch>>>;
    const base = vi.fn(async () => response);
    let now = 0;
    const fetch = loggingFetch(createLogger('debug', (line) => lines.push(line)), base, () => (now += 12));
    const body = JSON.stringify({ text: 'agents-only: the root password' });
    expect(await fetch('https://hooks.slack.com/actions/T1/1/secret', { method: 'POST', body })).toBe(response);
    expect(base).toHaveBeenCalledWith('https://hooks.slack.com/actions/T1/1/secret', { method: 'POST', body });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DEBUG \[talep-bot\] slack POST https:\/\/hooks\.slack\.com → 200 in 12 ms$/);
  });

  it('logs a failed call by its error name and rethrows', async () => {
    const lines: string[] = [];
    const fetch = loggingFetch(createLogger('debug', (line) => lines.push(line)), async () => {
      throw new TypeError('fetch failed: token=xoxb-1');
    });
    await expect(fetch('https://slack.com/api/auth.test', { method: 'POST' })).rejects.toThrow(TypeError);
    expect(lines[0]).toMatch(/slack POST api auth\.test → TypeError in \d+ ms$/);
  });
});

describe('quietFrameworkLogger', () => {
  it("drops the framework's debug lines (payload dumps), passes the rest, and ignores Bolt's setLevel", () => {
    const lines: string[] = [];
    const base = createLogger('debug', (line) => lines.push(line));
    const quiet = quietFrameworkLogger(base);
    quiet.debug('http request body: {"text":"secret"}');
    quiet.warn('http request failed');
    quiet.setLevel('error' as never);
    quiet.info('still shown');
    expect(lines.map((line) => line.replace(/^\S+ /, ''))).toEqual(['WARN [talep-bot] http request failed', 'INFO [talep-bot] still shown']);
    expect(quiet.getLevel()).toBe('debug');
  });
});
