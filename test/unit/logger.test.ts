import { describe, expect, it } from 'vitest';
import { createLogger, redact } from '../../src/logger.js';

describe('redact', () => {
  it.each([
    ['token xoxb-123-456-abcdef in text', 'xoxb-123-456-abcdef'],
    ['app xapp-1-A123-999-ff', 'xapp-1-A123-999-ff'],
    ['Authorization: Bearer abc.DEF-123', 'abc.DEF-123'],
    ['Authorization: Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
    ['{"token":"s3cr3t-value"}', 's3cr3t-value'],
    ['password=hunter2&x=1', 'hunter2'],
  ])('removes the secret from %s', (text, secret) => {
    const out = redact(text);
    expect(out).not.toContain(secret);
    expect(out).toContain('redacted');
  });
});

describe('createLogger', () => {
  it('filters by level and redacts errors and objects', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    logger.debug('hidden');
    logger.info('call', { authorization: 'Bearer zzz-secret' });
    logger.error(new Error('failed with xoxb-999-secret'));
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toMatch(/zzz-secret|xoxb-999-secret/);
    expect(lines[1]).toContain('ERROR');
    logger.setLevel('debug' as never);
    logger.debug('now shown');
    expect(lines).toHaveLength(3);
  });
});
