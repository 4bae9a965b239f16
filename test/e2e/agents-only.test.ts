/**
 * Agents-only content never leaves the agent's own ephemeral replies and modals (issue 10, finding 10).
 * Talep 2 of the demo help desk has an agents-only comment ("Gateway certificate expired…") with a file
 * of its own (`gateway-cert.txt`), next to a public one (`error-809.png`).
 *
 * - When the place of an ephemeral answer is gone (an expired response_url), the kernel's DM fallback
 *   says a short notice instead of a card, a comment list or a file list with those details.
 * - A card in the app's Messages tab (kind `direct`, e.g. Show pressed in a modal) names no file that may
 *   be of an agents-only comment; the help desk does not say which file came with which comment, so for
 *   an agent it names none and counts them.
 * - A regular user's cards are unaffected: the help desk hides such files and comments from them.
 */
import { describe, expect, it } from 'vitest';
import { CommentsIds, commentsPageValue } from '../../src/views/talep-comments/list.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { TalepCardIds } from '../../src/views/talep-card/ids.js';
import { cardExtraValue } from '../../src/views/talep-card/ids.js';
import type { Person } from '../support/harness.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness();

const AGENTS_ONLY_TEXT = 'Gateway certificate expired';
const AGENTS_ONLY_FILE = 'gateway-cert.txt';
const PUBLIC_FILE = 'error-809.png';

/** The DMs (chat.postMessage to the person's own id) the app sent `person` after `mark` Slack calls. */
const dmsSince = (person: Person, mark: number) =>
  h.slack.calls.slice(mark).filter((call) => call.method === 'chat.postMessage' && call.args.channel === h.as(person).userId);

/** A button pressed on an ephemeral message whose response_url is `responseUrl`. */
const pressOnEphemeral = (person: Person, actionId: string, value: string, responseUrl: string) =>
  h.send.interaction({
    type: 'block_actions',
    team: { id: 'T1' },
    user: { id: h.as(person).userId, team_id: 'T1' },
    trigger_id: `trigger-${Math.random()}`,
    channel: { id: 'C1' },
    container: { type: 'message', message_ts: '1700000000.000001', channel_id: 'C1', is_ephemeral: true },
    response_url: responseUrl,
    actions: [{ type: 'button', action_id: actionId, block_id: 'b', value }],
  });

async function waitForDm(person: Person, mark: number, what: string) {
  return h.slack.waitFor(() => dmsSince(person, mark)[0], what);
}

describe('an answer with agents-only details whose ephemeral place is gone', () => {
  it('/talep show: the card is not put in the DM; a notice is, with no agents-only text or file name', async () => {
    const responseUrl = h.slack.responseUrl();
    h.slack.expire(responseUrl);
    const mark = h.slack.calls.length;
    await h.send.slash(h.as('agent'), 'show 2', '/talep', responseUrl);
    const dm = await waitForDm('agent', mark, 'the DM fallback');
    const shown = JSON.stringify(dm.args);
    expect(shown).toContain('agents-only details');
    expect(shown).not.toContain(AGENTS_ONLY_TEXT);
    expect(shown).not.toContain(AGENTS_ONLY_FILE);
    expect(h.logs.some((line) => line.includes('held back from UAGENT'))).toBe(true);
  });

  it('a card button on an ephemeral card: the re-rendered card is held back the same way', async () => {
    const responseUrl = h.slack.responseUrl();
    h.slack.expire(responseUrl);
    const mark = h.slack.calls.length;
    await pressOnEphemeral('agent', TalepCardIds.subscribe, '2', responseUrl);
    const dm = await waitForDm('agent', mark, 'the DM fallback');
    expect(JSON.stringify(dm.args)).not.toContain(AGENTS_ONLY_TEXT);
    expect(JSON.stringify(dm.args)).not.toContain(AGENTS_ONLY_FILE);
    expect(JSON.stringify(dm.args)).toContain('agents-only details');
  });

  it('/talep comments and /talep files: held back too', async () => {
    for (const text of ['comments 2', 'files 2']) {
      const responseUrl = h.slack.responseUrl();
      h.slack.expire(responseUrl);
      const mark = h.slack.calls.length;
      await h.send.slash(h.as('agent'), text, '/talep', responseUrl);
      const dm = await waitForDm('agent', mark, `the DM fallback of ${text}`);
      expect([text, JSON.stringify(dm.args)]).toEqual([text, expect.not.stringContaining(AGENTS_ONLY_TEXT)]);
      expect(JSON.stringify(dm.args)).not.toContain(AGENTS_ONLY_FILE);
    }
  });

  it('the same answers with a working response_url are shown there, ephemerally, in full', async () => {
    const sent = await h.send.slash(h.as('agent'), 'show 2');
    const card = await h.slack.waitFor(() => h.slack.postsTo(sent.responseUrl ?? '')[0], 'the card');
    expect(card.response_type).toBe('ephemeral');
    expect(JSON.stringify(card)).toContain(AGENTS_ONLY_TEXT);
    expect(JSON.stringify(card)).toContain(AGENTS_ONLY_FILE);
  });

  it('a paging button of the comments list, with its response_url gone: held back', async () => {
    const responseUrl = h.slack.responseUrl();
    h.slack.expire(responseUrl);
    const mark = h.slack.calls.length;
    await pressOnEphemeral('agent', CommentsIds.nextPage, commentsPageValue(2, 0), responseUrl);
    const dm = await waitForDm('agent', mark, 'the DM fallback');
    expect(JSON.stringify(dm.args)).not.toContain(AGENTS_ONLY_TEXT);
  });
});

describe('a card in the Messages tab (direct)', () => {
  const showFromModal = async (person: Person) => {
    const mark = h.slack.calls.length;
    await h.send.blockAction(h.as(person), { action_id: SharedActions.showTalep, value: '2' }, { view: { id: 'V-some-modal', type: 'modal' } });
    return waitForDm(person, mark, 'the DM card');
  };

  it('for an agent: names no file (one is of an agents-only comment), counts them, and has no agents-only comment', async () => {
    const dm = await showFromModal('agent');
    const shown = JSON.stringify(dm.args);
    expect(shown).toContain('Talep #2');
    expect(shown).not.toContain(AGENTS_ONLY_FILE);
    expect(shown).not.toContain(PUBLIC_FILE);
    expect(shown).toContain('2 attachments');
    expect(shown).not.toContain(AGENTS_ONLY_TEXT);
  });

  it('its More → Attachments answers in a private reply, where the names are shown', async () => {
    const sent = await h.send.blockAction(
      h.as('agent', 'DUAGENT'),
      { action_id: TalepCardIds.extras, type: 'overflow', selected_option: { text: { type: 'plain_text', text: 'Attachments' }, value: cardExtraValue('files', 2) } },
      { message: { type: 'message', ts: '1700000000.000009', text: 'card', user: 'UBOT' }, ephemeral: false },
    );
    const list = await h.slack.waitFor(() => h.slack.postsTo(sent.responseUrl ?? '')[0], 'the attachments list');
    expect(list.response_type).toBe('ephemeral');
    expect(list.replace_original).toBe(false);
    expect(JSON.stringify(list)).toContain(AGENTS_ONLY_FILE);
  });

  it('for the submitter (a regular user): the files the help desk shows them are named', async () => {
    const dm = await showFromModal('user');
    const shown = JSON.stringify(dm.args);
    expect(shown).toContain(PUBLIC_FILE);
    expect(shown).not.toContain(AGENTS_ONLY_FILE);
    expect(shown).not.toContain(AGENTS_ONLY_TEXT);
  });
});
