/**
 * Escaping in the views and sentences where it was missing or easy to miss (issue 10, finding 10): the
 * notification `text` of messages (mrkdwn too: a `<!here>` there pings), the help for an unknown word,
 * failure reasons, and what the parsers quote back. test/e2e/escaping.test.ts checks every message the
 * bot sends end to end; these pin the places one by one.
 */
import { describe, expect, it } from 'vitest';
import { problemOf } from '../support/parse-problems.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { parseCommentsArgs } from '../../src/commands/talep-comments/args.js';
import { parseSearchArgs } from '../../src/commands/search/query.js';
import { errorText } from '../../src/slack/failures.js';
import { companyListMessage } from '../../src/views/companies/list.js';
import { escapeText } from '../../src/views/kit/blocks.js';
import { helpMessage } from '../../src/views/kit/help.js';
import { talepCard } from '../../src/views/talep-card/card.js';
import { filesMessage } from '../../src/views/talep-files/list.js';
import { userCard } from '../../src/views/users/card.js';
import { deleteConfirmMessage, mergeConfirmMessage, permissionChangedMessage } from '../../src/views/users/messages.js';
import { mrkdwnTexts } from '../support/mrkdwn.js';
import { talepRecord } from '../support/records.js';

const EVIL = '<!here> <https://evil.test|click> <@U123> R&D';
const LIVE = ['<!here>', '<https://evil.test', '<@U123>', 'R&D'];
const isSafe = (text: string) => LIVE.every((marker) => !text.includes(marker)) && text.includes(escapeText(EVIL));
/** Whether any mrkdwn of a message holds live markup. */
const hasLive = (message: unknown) => mrkdwnTexts(message, true).some((text) => LIVE.some((marker) => text.includes(marker)));

describe('notification texts and sentences are escaped', () => {
  it('the company list, a user card, the delete and merge confirmations', () => {
    const company = { CompanyID: 1, Name: `Acme ${EVIL}`, EmailDomain: null, Notes: null } as never;
    expect(isSafe(companyListMessage([company], []).text)).toBe(true);
    const user = { UserID: 9, Username: 'evil', Email: 'evil@example.com', FirstName: EVIL, LastName: '', IsAdmin: false, IsTech: false, Disabled: false } as never;
    expect(isSafe(userCard({ user, canAdminister: true }).text)).toBe(true);
    const label = { userId: 9, username: EVIL, email: 'evil@example.com' };
    const into = { userId: 2, username: 'agent', email: 'agent@example.com' };
    expect(isSafe(deleteConfirmMessage(label, '9').text)).toBe(true);
    expect(isSafe(mergeConfirmMessage(label, into, '9:2').text)).toBe(true);
    expect(hasLive(permissionChangedMessage(into, EVIL, true))).toBe(false);
  });

  it('the help for a word it does not know, in its blocks and its text', () => {
    const help = helpMessage([], EVIL);
    expect(isSafe(help.text)).toBe(true);
    expect(hasLive(help)).toBe(false);
  });

  it('a help-desk refusal reason and a talep subject, tag, category and file name on the card', () => {
    expect(isSafe(errorText(new HelpdeskError('invalid', 'x', { status: 400, reason: EVIL })))).toBe(true);
    const talep = talepRecord({
      Subject: EVIL,
      Body: EVIL,
      CategoryName: EVIL,
      Attachments: [{ FileName: EVIL, Url: 'https://hd.example.com/a/1' }],
      Tags: [{ Name: EVIL }],
      SubmitterUserInfo: { UserID: 4, Username: EVIL },
    });
    const card = talepCard(
      { talep, comments: [], talepUrlTemplate: 'https://hd.example.com/T/{id}', now: new Date() },
      { kind: 'ephemeral', viewer: { helpdeskUserId: 2, role: 'agent', worksOnCategory: true } },
    );
    expect(hasLive(card)).toBe(false);
    expect(mrkdwnTexts(card, true).join('\n')).toContain(escapeText(EVIL));
    const files = filesMessage({ talepId: 3, files: [{ FileName: EVIL, FileID: 1, FileSize: 1, Url: 'https://x.test/1' }], canDelete: true });
    expect(hasLive(files)).toBe(false);
  });

  it('typed arguments come back quoted in parser errors, which the kernel escapes when it shows them', () => {
    const comments = parseCommentsArgs(`12 ${EVIL}`);
    const search = parseSearchArgs(`printer status:${EVIL}`);
    for (const parsed of [comments, search]) {
      expect(parsed.ok).toBe(false);
      // Raw here (the parsers' sentences are plain text), so the one place that shows them must escape.
      if (!parsed.ok) expect(hasLive({ text: `:warning: ${escapeText(problemOf(parsed))}` })).toBe(false);
      if (!parsed.ok) expect(problemOf(parsed)).toContain('<!here>');
    }
  });
});
