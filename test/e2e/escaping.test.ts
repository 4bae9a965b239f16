/**
 * User and help-desk text is escaped in every mrkdwn the bot writes (issue 10, finding 10: user input
 * echoed as live mrkdwn — `<!here>`, `<https://evil|click>` — in error messages).
 *
 * The help desk is filled with hostile text in every place a person can write: a talep's subject, body
 * and tags, comments, a category, a company, users' names, assets, a knowledge-base article, a file
 * name, and a Slack user's name; then every card, list and modal is rendered, every control the bot
 * offers is pressed, and every `/talep` route is sent hostile arguments (which the parsers echo in their
 * errors). In everything Slack received, no mrkdwn text — a message's `text`, any `mrkdwn` object — holds
 * a live special mention, link, user or channel mention taken from that text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAreas } from '../../src/commands/index.js';
import { escapeText } from '../../src/views/kit/blocks.js';
import { EXPLORED_COMMANDS, explore } from '../support/exploration.js';
import type { Person } from '../support/harness.js';
import { type InFlight, trackInFlight } from '../support/in-flight.js';
import { mrkdwnTexts } from '../support/mrkdwn.js';
import { useHarness } from '../support/use-harness.js';

/** Everything Slack would turn into a ping or a link in mrkdwn, plus an ampersand. */
const EVIL = '<!here> <https://evil.test/x|click> <@U0EVIL> <#C0EVIL> <!subteam^S0EVIL> R&D';
/** What must never appear raw in mrkdwn (the bot's own mentions use other ids). */
const LIVE = ['<!here>', '<https://evil.test', '<@U0EVIL>', '<#C0EVIL>', '<!subteam^S0EVIL>'];

const h = useHarness();
let inFlight: InFlight;
beforeAll(() => {
  inFlight = trackInFlight(h);
});
afterAll(() => inFlight.restore());

/** Where the Slack stand-in's records stand now, to look only at what came after. */
const mark = () => ({ calls: h.slack.calls.length, posts: h.slack.responsePosts.length });

/** The mrkdwn of everything the bot sent (after `since`), with where it went. */
function everythingSent(since = { calls: 0, posts: 0 }): { via: string; text: string }[] {
  const sent: { via: string; text: string }[] = [];
  for (const call of h.slack.calls.slice(since.calls)) {
    const isMessage = call.method.startsWith('chat.');
    for (const text of mrkdwnTexts(isMessage ? call.args : call.args.view, isMessage)) sent.push({ via: call.method, text });
  }
  for (const post of h.slack.responsePosts.slice(since.posts)) for (const text of mrkdwnTexts(post.body, true)) sent.push({ via: 'response_url', text });
  return sent;
}

/** The texts with live markup, once each (the hostile text shown as EVIL), with where they went. */
const live = (since = { calls: 0, posts: 0 }) => [
  ...new Set(
    everythingSent(since)
      .filter(({ text }) => LIVE.some((marker) => text.includes(marker)))
      .map(({ via, text }) => `${via}: ${text.replaceAll(EVIL, 'EVIL').slice(0, 300)}`),
  ),
];

describe('hostile text in the help desk and in typed arguments', () => {
  let evilTalep = 0;

  beforeAll(async () => {
    const admin = h.helpdeskAs('admin');
    const created = await admin.createTalep({ categoryId: 1, subject: `Printer ${EVIL}`, body: `Body ${EVIL}`, priorityId: 1, tags: [`tag ${EVIL}`] });
    evilTalep = created.id;
    await admin.addComment({ id: evilTalep, body: `Public ${EVIL}` });
    await admin.addComment({ id: evilTalep, body: `Private ${EVIL}`, forTechsOnly: true });
    await admin.attachFile({ id: evilTalep, uploadFile: { filename: `${EVIL}.txt`, contentType: 'text/plain', data: new TextEncoder().encode('x') } });
    await admin.addCategory({ name: `Category ${EVIL}`, sectionId: 1 });
    await admin.createCompany({ name: `Company ${EVIL}` });
    await admin.createUser({ email: 'evil@example.com', username: 'evil', firstName: `First ${EVIL}`, lastName: `Last ${EVIL}` });
    await admin.createAsset({ modelName: `Lenovo ${EVIL}`, manufacturer: `Maker ${EVIL}`, type: `Type ${EVIL}`, supplier: `Supplier ${EVIL}`, location: `Room ${EVIL}` });
    await admin.createArticle({ categoryId: 1, subject: `Printer ${EVIL}`, body: `Article ${EVIL}`, forTechsOnly: false });
    h.slack.users.set('UAUTHOR', { id: 'UAUTHOR', name: `Name ${EVIL}`, email: 'author@example.com' });
  });

  it('every card, list and modal, and every control they offer, renders that text escaped', async () => {
    const commands: [Person, string][] = [
      ...EXPLORED_COMMANDS,
      ['admin', `show ${evilTalep}`],
      ['agent', `show ${evilTalep}`],
      ['admin', `comments ${evilTalep}`],
      ['admin', `files ${evilTalep}`],
      ['admin', `fields ${evilTalep}`],
      ['admin', `search printer`],
      ['admin', 'kb printer'],
      ['admin', 'user find evil@example.com'],
      ['admin', 'user list all'],
      ['admin', 'asset Lenovo'],
      ['admin', 'category list'],
      ['admin', 'company list'],
    ];
    await explore(h, () => inFlight.idle(), commands);
    expect(everythingSent().length).toBeGreaterThan(200);
    expect(live()).toEqual([]);
    // The hostile text did reach the bot's messages — escaped — from each place it was written.
    const escaped = everythingSent().map(({ text }) => text).filter((text) => text.includes(escapeText(EVIL)));
    for (const where of ['Printer', 'Body', 'tag', 'Public', 'Private', 'Category', 'Company', 'First', 'Lenovo', 'Maker', 'Article']) {
      expect([where, escaped.some((text) => text.includes(`${where} ${escapeText(EVIL)}`))]).toEqual([where, true]);
    }
    expect(escaped.some((text) => text.includes(`${escapeText(EVIL)}.txt`))).toBe(true);
    h.slack.takeViolations();
  });

  it('a message shortcut on a message with that text, by a person with that name', async () => {
    const since = mark();
    await h.send.messageShortcut(h.as('admin'), 'add_to_talep', { ts: '1700000000.000100', text: `Look ${EVIL}`, user: 'UAUTHOR' });
    await h.send.messageShortcut(h.as('admin'), 'open_talep', { ts: '1700000000.000101', text: `Look ${EVIL}`, user: 'UAUTHOR' });
    await inFlight.idle();
    expect(h.slack.calls.length).toBeGreaterThan(since.calls);
    expect(live(since)).toEqual([]);
  });

  it('every /talep route, with hostile arguments (echoed by the parsers in their errors)', async () => {
    const since = mark();
    const paths = allAreas().flatMap((area) => (area.routes ?? []).flatMap((route) => [route.path, ...(route.aliases ?? [])]));
    expect(paths.length).toBeGreaterThan(40);
    const argumentsToTry = [
      EVIL,
      `12 ${EVIL}`,
      `${evilTalep} ${EVIL}`,
      `${EVIL} 12`,
      `12 13 ${EVIL}`,
      `status:${EVIL}`,
      `printer category:${EVIL}`,
      `printer by:${EVIL}`,
      `printer from:${EVIL}`,
    ];
    for (const path of paths) {
      for (const args of argumentsToTry) {
        const sent = await h.send.slash(h.as('admin'), `${path} ${args}`);
        expect(sent.status).toBe(200);
      }
      await inFlight.idle();
    }
    // Unknown words too (the help says what was not understood).
    await h.send.slash(h.as('admin'), EVIL);
    await h.send.slash(h.as('admin'), `user ${EVIL}`);
    await inFlight.idle();
    expect(h.slack.responsePosts.length - since.posts + h.slack.calls.length - since.calls).toBeGreaterThan(paths.length);
    expect(live(since)).toEqual([]);
    h.slack.takeViolations();
  }, 120_000);
});
