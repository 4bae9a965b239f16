import { describe, expect, it } from 'vitest';
import type { HelpdeskErrorKind } from '../../src/api/errors.js';
import { HelpdeskError, helpdeskErrorKinds } from '../../src/api/errors.js';
import { errorMessage, errorText } from '../../src/slack/failures.js';
import { CONNECT_ACTION, connectPrompt, queuedMessage } from '../../src/views/kit/notices.js';
import { messagesFor } from '../../src/i18n/messages.js';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import { longText } from './block-kit-fixtures.js';

const kinds = helpdeskErrorKinds;

describe('errorText', () => {
  it.each(kinds)('gives one short sentence for %s, without internals', (kind) => {
    const error = new HelpdeskError(kind, 'getTalep: internal detail', { operation: 'getTalep', status: 500, reason: 'boom' });
    const text = errorText(error, { talepId: 12 });
    expect(text.length).toBeLessThan(220);
    expect(text).not.toMatch(/getTalep:|at .*\.ts|Error:/);
  });

  it('names what was not found', () => {
    expect(errorText(new HelpdeskError('not-found', 'x', { status: 404 }), { talepId: 12 })).toContain('Talep #12 was not found');
    expect(errorText(new HelpdeskError('not-found', 'x', { status: 404 }), { label: 'Asset 7' })).toContain('Asset 7 was not found');
  });

  it('explains refusals with the permission the operation needs', () => {
    expect(errorText(new HelpdeskError('forbidden', 'x', { operation: 'getRule', status: 403 }))).toContain('*admin*');
    expect(errorText(new HelpdeskError('forbidden', 'x', { operation: 'addComment', status: 403 }))).toMatch(/\*agent\*.*category/);
  });

  it('never says "try again" when the help desk may have done it already', () => {
    const text = errorText(new HelpdeskError('unknown-outcome', 'x', { operation: 'createTalep', requestSent: true }));
    expect(text).toContain('did not answer in time; I am checking whether it was done');
    expect(text).not.toMatch(/try again/i);
  });

  it('says when to try again', () => {
    expect(errorText(new HelpdeskError('rate-limited', 'x', { status: 429, retryAfterMs: 150_000 }))).toContain('3 min');
    expect(errorText(new HelpdeskError('auth-paused', 'x', { retryAfterMs: 9 * 60_000 }))).toContain('9 min');
  });

  it('shows client-side parameter problems, and the help desk’s reason for its own 400s', () => {
    expect(errorText(new HelpdeskError('invalid', "assets: parameter 'nameprefix' needs at least 3 characters", { source: 'client' }))).toBe(
      ":warning: parameter 'nameprefix' needs at least 3 characters",
    );
    expect(errorText(new HelpdeskError('invalid', 'x', { status: 400, reason: "Parameter 'id' is missing." }))).toContain("(Parameter 'id' is missing.)");
  });

  it('never shows an unexpected error’s message or stack', () => {
    const text = errorText(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(text).toContain('Something went wrong on our side');
    expect(text).not.toContain('undefined');
  });
});

describe('errorMessage and prompts', () => {
  it('turns a refused token into the Connect button', () => {
    const message = errorMessage(new HelpdeskError('unauthorized', 'x', { status: 401 }));
    expect(JSON.stringify(message.blocks)).toContain(CONNECT_ACTION);
    expect(connectPrompt().blocks?.[1]).toMatchObject({ type: 'actions' });
  });

  it('words the queued notice in half seconds, seconds, then minutes, never more than a sixth off', () => {
    expect(queuedMessage(2_450).text).toContain('about 2.5 s'); // not 2 s (a fifth under) nor 3 s
    expect(queuedMessage(2_700).text).toContain('about 2.5 s');
    expect(queuedMessage(3_030).text).toContain('about 3 s'); // not 4 s: a third over the estimate
    expect(queuedMessage(3_600).text).toContain('about 3.5 s');
    expect(queuedMessage(9_700).text).toContain('about 9.5 s');
    expect(queuedMessage(9_800).text).toContain('about 10 s');
    expect(messagesFor('tr').t('kit.aboutSeconds', { seconds: 2.5 })).toBe('yaklaşık 2,5 sn');
    expect(queuedMessage(40_000).text).toContain('about 40 s');
    expect(queuedMessage(125_000).text).toContain('about 125 s');
    expect(queuedMessage(179_000).text).toContain('about 179 s');
    expect(queuedMessage(180_001).text).toContain('about 3 min');
    expect(queuedMessage(209_000).text).toContain('about 3 min');
    expect(queuedMessage(211_000).text).toContain('about 4 min');
    expect(queuedMessage(5 * 60_000).text).toContain('about 5 min');
  });

  it('says the same estimate in each person’s language (notice texts are kept per language)', () => {
    const english = queuedMessage(40_000, 'token-1');
    const turkish = queuedMessage(40_000, 'token-2', messagesFor('tr'));
    expect(turkish.text).not.toBe(english.text);
    expect(turkish.text).toBe(messagesFor('tr').t('kit.queued', { about: messagesFor('tr').t('kit.aboutSeconds', { seconds: 40 }) }));
    expect(queuedMessage(40_000, 'token-3').text).toBe(english.text);
    expect(queuedMessage(41_000).text).toContain('about 41 s');
    expect(JSON.stringify(turkish.blocks)).toContain('token-2');
  });
});

describe('Block Kit limits', () => {
  it('keeps every error message, the connect prompt and the queue notice within the limits', () => {
    const kinds: HelpdeskErrorKind[] = ['invalid', 'unauthorized', 'forbidden', 'not-found', 'rate-limited', 'unavailable', 'invalid-response', 'auth-paused', 'cancelled'];
    for (const kind of kinds) {
      // The client keeps 500 characters of the help desk's reason (api/client.ts reasonOf).
      const error = new HelpdeskError(kind, longText(1000), { operation: 'getTalep', status: 400, reason: longText(500), retryAfterMs: 10 ** 9 });
      expect(checkMessage(errorMessage(error, { talepId: 123456789, label: longText(500) }))).toEqual([]);
    }
    expect(checkMessage(errorMessage(new Error(longText(5000))))).toEqual([]);
    expect(checkMessage(connectPrompt(longText(5000)))).toEqual([]);
    expect(checkMessage(queuedMessage(10 ** 9))).toEqual([]);
  });
});
