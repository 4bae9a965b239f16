import { describe, expect, test } from 'vitest';
import { HelpdeskError } from '../../src/api/errors.js';
import type { Talep, TalepSummary } from '../../src/api/schemas.js';
import { addCommentRefusal } from '../../src/commands/message-shortcuts/add-to-talep.js';
import { checkAddToTalep as validateAddToTalep } from '../../src/commands/message-shortcuts/add-to-talep-form.js';
import { messageBody, messageFiles, readShortcutMessage, sourceOf, subjectFromText } from '../../src/commands/message-shortcuts/message.js';
import { talepOptions } from '../../src/commands/message-shortcuts/talep-picker.js';
import { mentionedUserIds, slackTextToPlain } from '../../src/domain/slack-text.js';
import { AddToTalepIds, NOT_A_TALEP } from '../../src/views/message-shortcuts/add-to-talep.js';

describe('Slack text → plain text', () => {
  test('mentions are listed once, in order', () => {
    expect(mentionedUserIds('<@U1> and <@W2|bob> and <@U1> again')).toEqual(['U1', 'W2']);
  });

  test('mentions become readable names; unknown ones fall back to their label or id', () => {
    const names = new Map([['U1', 'Ayla Demir']]);
    expect(slackTextToPlain('<@U1> asked <@U2|bob> and <@U3>', names)).toBe('@Ayla Demir asked @bob and @U3');
  });

  test('channels, links, special mentions, dates and escapes', () => {
    const text =
      'See <#C1|general>, <https://x.test/a?b=1&amp;c=2|the doc>, <https://y.test>, <mailto:a@b.test|a@b.test>, ' +
      '<!here>, <!subteam^S1|@oncall>, <!date^1700000000^{date}|Nov 14> &lt;3 &amp; more';
    expect(slackTextToPlain(text)).toBe(
      'See #general, the doc (https://x.test/a?b=1&c=2), https://y.test, a@b.test, @here, @oncall, Nov 14 <3 & more',
    );
  });
});

describe('subjectFromText', () => {
  test('the first line that says something, markup stripped', () => {
    expect(subjectFromText('\n\n  *Printer*  on floor 3 \nis jammed')).toBe('Printer on floor 3');
  });

  test('at most 100 characters', () => {
    const subject = subjectFromText('word '.repeat(60));
    expect(subject.length).toBeLessThanOrEqual(100);
    expect(subject.endsWith('…')).toBe(true);
  });

  test('empty text gives an empty subject', () => {
    expect(subjectFromText('  \n ')).toBe('');
  });
});

describe('messageBody', () => {
  test('the text, then the author and the permalink', () => {
    expect(messageBody('It broke.', 'Ayla', 'https://t.slack.com/archives/C1/p1')).toBe(
      'It broke.\n\n— Posted in Slack by Ayla: https://t.slack.com/archives/C1/p1',
    );
  });

  test('without a permalink the author is still named', () => {
    expect(messageBody('x', 'an app', undefined)).toBe('x\n\n— Posted in Slack by an app');
  });

  test('a long text is cut so the footer always fits', () => {
    const body = messageBody('a'.repeat(5000), 'Ayla', 'https://p.test', 300);
    expect(body.length).toBeLessThanOrEqual(300);
    expect(body.endsWith('by Ayla: https://p.test')).toBe(true);
  });
});

describe('messageFiles', () => {
  const MB = 1024 * 1024;

  test('downloadable files keep their URL; external, unlinked and oversized ones say why not', () => {
    const files = messageFiles(
      [
        { id: 'F1', name: 'shot.png', mimetype: 'image/png', size: 10, url_private_download: 'https://files.test/F1' },
        { id: 'F2', name: 'doc', mode: 'external', url_private: 'https://drive.test/doc' },
        { id: 'F3', name: 'huge.iso', size: 30 * MB, url_private_download: 'https://files.test/F3' },
        { id: 'F4', title: 'no url' },
        'garbage',
      ],
      20 * MB,
    );
    expect(files).toEqual([
      { name: 'shot.png', url: 'https://files.test/F1', type: 'image/png', size: 10 },
      { name: 'doc', skip: 'not stored in Slack' },
      { name: 'huge.iso', skip: 'larger than 20 MB' },
      { name: 'no url', skip: 'not stored in Slack' },
    ]);
  });

  test('at most 10 files are carried; the rest are counted', () => {
    const many = Array.from({ length: 13 }, (_, index) => ({ name: `f${index}.txt`, url_private: `https://files.test/${index}` }));
    const files = messageFiles(many, MB);
    expect(files).toHaveLength(11);
    expect(files.at(-1)).toEqual({ name: '3 more files', skip: 'at most 10 files are carried over' });
  });

  test('long URLs are bounded by the room in the modal metadata', () => {
    const many = Array.from({ length: 10 }, (_, index) => ({ name: `f${index}`, url_private: `https://files.test/${'x'.repeat(400)}/${index}` }));
    const files = messageFiles(many, MB);
    expect(JSON.stringify(files).length).toBeLessThan(2_200);
    expect(files.at(-1)?.skip).toBeDefined();
  });

  test('no files, or not an array: none', () => {
    expect(messageFiles(undefined, MB)).toEqual([]);
    expect(messageFiles({ a: 1 }, MB)).toEqual([]);
  });
});

describe('talepOptions', () => {
  const summary = (id: number, subject: string, status = 'New'): TalepSummary => ({ TalepID: id, Subject: subject, Status: status });
  type Hd = Parameters<typeof talepOptions>[0];

  function fakeHd(search: Hd['search'], getTalep: Hd['getTalep'] = (async () => {
    throw new HelpdeskError('not-found', 'no', { status: 404, operation: 'getTalep' });
  }) as Hd['getTalep']): Hd & { queries: string[] } {
    const queries: string[] = [];
    return {
      queries,
      search: (async (params: { query: string }, options?: { signal?: AbortSignal }) => {
        queries.push(params.query);
        return search(params, options);
      }) as Hd['search'],
      getTalep,
    };
  }

  test('search results become "#id subject" options; closed ones show their status', async () => {
    const hd = fakeHd(async () => [summary(3, 'Printer jams'), summary(4, 'Old printer', 'Closed')]);
    const options = await talepOptions(hd, '  printer   jam ', new AbortController().signal);
    expect(hd.queries).toEqual(['printer jam']);
    expect(options.map((option) => [option.text.text, option.value])).toEqual([
      ['#3 Printer jams', '3'],
      ['#4 Old printer · Closed', '4'],
    ]);
  });

  test('a number looks the talep up by id instead of searching for it', async () => {
    const hd = fakeHd(async () => [], (async () => ({ TalepID: 9, Subject: 'Laptop battery', Status: 'New' }) as Talep) as Hd['getTalep']);
    const options = await talepOptions(hd, '#9', new AbortController().signal);
    expect(hd.queries).toEqual([]);
    expect(options.map((option) => option.value)).toEqual(['9']);
  });

  test('an unknown id says so', async () => {
    const options = await talepOptions(fakeHd(async () => []), '999', new AbortController().signal);
    expect(options).toEqual([expect.objectContaining({ value: NOT_A_TALEP, text: expect.objectContaining({ text: 'Talep #999 was not found' }) })]);
  });

  test('a slow help desk gets an explanatory option when the signal fires', async () => {
    const controller = new AbortController();
    const hd = fakeHd(
      (_params, options) =>
        new Promise((_resolve, reject) => {
          options?.signal?.addEventListener('abort', () => reject(new HelpdeskError('cancelled', 'cancelled')));
          controller.abort();
        }),
    );
    const options = await talepOptions(hd, 'printer', controller.signal);
    expect(options).toHaveLength(1);
    expect(options[0]?.value).toBe(NOT_A_TALEP);
    expect(options[0]?.text.text).toMatch(/slow/);
  });

  test('a refusal is explained in the picker', async () => {
    const hd = fakeHd(async () => {
      throw new HelpdeskError('unavailable', 'down', { operation: 'search' });
    });
    const options = await talepOptions(hd, 'printer', new AbortController().signal);
    expect(options[0]?.value).toBe(NOT_A_TALEP);
    expect(options[0]?.text.text).toMatch(/not reachable/);
  });

  test('no match is said out loud; one letter is too short to search', async () => {
    const hd = fakeHd(async () => []);
    expect((await talepOptions(hd, 'zzz', new AbortController().signal))[0]?.text.text).toBe('No talep matches “zzz”');
    expect(await talepOptions(hd, 'z', new AbortController().signal)).toEqual([]);
    expect(hd.queries).toEqual(['zzz']);
  });
});

describe('validateAddToTalep', () => {
  const metadata = { channelId: 'C1', ts: '1.1', agent: true };

  test('a talep and a comment are required', () => {
    const result = validateAddToTalep({ comment: '  ' }, metadata);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual([AddToTalepIds.comment.block, AddToTalepIds.talep.block].sort());
  });

  test('"agents only" counts only when the form offered it', () => {
    const values = { talep: { id: 3, label: '#3 Excel' }, comment: ' hello ', techsOnly: true };
    expect(validateAddToTalep(values, metadata)).toEqual({
      ok: true,
      values: { talepId: 3, label: '#3 Excel', body: 'hello', forTechsOnly: true },
    });
    const asUser = validateAddToTalep(values, { ...metadata, agent: false });
    expect(asUser.ok && asUser.values.forTechsOnly).toBe(false);
  });
});

describe('addCommentRefusal', () => {
  test("the help desk's refusal of a regular user's comment is explained", () => {
    const text = addCommentRefusal(new HelpdeskError('forbidden', 'no', { status: 403, operation: 'addComment' }), 4);
    expect(text).toContain('only admins and agents of talep #4’s category can add comments');
  });

  test('other failures are left to the shared wording (slack/failures.ts)', () => {
    expect(addCommentRefusal(new HelpdeskError('not-found', 'no', { status: 404, operation: 'addComment' }), 4)).toBeUndefined();
    expect(addCommentRefusal(new HelpdeskError('forbidden', 'no', { status: 403, operation: 'getTalep' }), 4)).toBeUndefined();
  });
});

describe('the shortcut message (untrusted: from Slack’s payload)', () => {
  test('is read field by field; a field of the wrong shape is left out, not the message', () => {
    expect(readShortcutMessage({ type: 'message', ts: '1.2', text: 'hi', user: 42, thread_ts: '1.1', bot_profile: 'x' })).toMatchObject({
      ts: '1.2',
      text: 'hi',
      user: undefined,
      thread_ts: '1.1',
      bot_profile: undefined,
    });
  });

  test('a message without a timestamp cannot be linked, so it is refused', () => {
    expect(readShortcutMessage({ type: 'message', text: 'hi' })).toBeUndefined();
    expect(readShortcutMessage(undefined)).toBeUndefined();
  });

  test('its place: the thread it lives in (not itself), and its files', () => {
    const message = readShortcutMessage({ ts: '1.2', thread_ts: '1.1', files: [{ name: 'a.txt', url_private: 'https://files.test/a' }] });
    expect(message && sourceOf('C1', message, 1024)).toEqual({ channelId: 'C1', ts: '1.2', threadTs: '1.1', files: [{ name: 'a.txt', url: 'https://files.test/a' }] });
    const top = readShortcutMessage({ ts: '1.2', thread_ts: '1.2' });
    expect(top && sourceOf('C1', top, 1024)).toEqual({ channelId: 'C1', ts: '1.2', files: [] });
  });
});
