/**
 * Every registered action listener, from every container Slack can send it from (issue 10, finding 7:
 * "~340 listener errors after the ack"): for EVERY action id the areas register (`allAreas()`; a sample
 * id for pattern ids), a signed block action from an ephemeral message (with a response_url), an
 * ordinary message, a modal, the App Home, and with no container at all; with a plausible value (one the
 * bot itself rendered, harvested from its own cards, lists and modals) and implausible ones; as a linked
 * and as an unlinked person.
 *
 * Each gets its ack (HTTP 200); no listener error escapes (nothing at ERROR in the log, no "unexpected
 * failure", no unhandled rejection); and everything the bot says is within Block Kit's limits (the Slack
 * stand-in checks every payload; the harness fails the test on a violation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionListeners, CONTAINERS, type Element, EXPLORED_COMMANDS, explore, type Found, payloadFor, pressed, samplesFor } from '../support/exploration.js';
import { type InFlight, trackInFlight } from '../support/in-flight.js';
import { collectUnhandledRejections } from '../support/rejections.js';
import { useHarness } from '../support/use-harness.js';

const rejections = collectUnhandledRejections();
const h = useHarness();
let inFlight: InFlight;
beforeAll(() => {
  inFlight = trackInFlight(h);
});
afterAll(() => inFlight.restore());

/** Values no control of the bot ever carries: a missing id, junk, markup. */
const IMPLAUSIBLE = ['999999', 'x|<!here>:-1'];

/** Errors that mean a listener failed in a way it did not handle. */
const escaped = (line: string) => / ERROR /.test(line) || line.includes('unexpected failure') || line.includes('unhandled');

describe('every action listener, from every container', () => {
  const plausible = new Map<string, Found>();
  /** What the bot rendered for `id` (for a row id `base:7`, any row of that base). */
  const plausibleFor = (id: string): Found | undefined =>
    plausible.get(id) ?? [...plausible.values()].find((each) => each.element.action_id?.split(':')[0] === id.split(':')[0]);

  it('renders the bot’s cards, lists and modals, presses what they offer, and so finds a plausible value for nearly every action id', async () => {
    // Enough rows for every list to page: comments (10 a page), search results (10), users (25), assets (50).
    const admin = h.helpdeskAs('admin');
    for (let n = 0; n < 11; n += 1) await admin.addComment({ id: 2, body: `Follow-up ${n}` });
    for (let n = 0; n < 11; n += 1) await admin.createTalep({ categoryId: 1, subject: `Printer ${n} offline`, body: 'Paper jam.', priorityId: 0 });
    for (let n = 0; n < 26; n += 1) await admin.createUser({ email: `temp${n}@example.com`, username: `temp${n}` });
    for (let n = 0; n < 51; n += 1) await admin.createAsset({ modelName: `Lenovo M${n}`, manufacturer: 'Lenovo', type: 'Desktop', supplier: 'Acme' });

    const found = await explore(h, () => inFlight.idle(), EXPLORED_COMMANDS);
    for (const [id, each] of found) plausible.set(id, each);

    const ids = actionListeners.flatMap((listener) => (typeof listener.id === 'string' ? [listener.id] : samplesFor(listener.id)));
    const missing = ids.filter((id) => !plausibleFor(id));
    // Not rendered here: rule rows need rules registered on the board, link buttons of
    // modals opened from modals, the unlink button of an asset linked from a talep card. They are pressed
    // with a talep id (2) as value, which is plausible for each.
    // Also not rendered: Cancel of pending work (it needs work waiting for the help desk; 2 pattern ids
    // × 2 samples) and the Work Object details panel's link button (Slack renders that panel).
    // And the four buttons of conversations (Add my reply, Dismiss, Open a talep, Edit details): they
    // follow message and reaction events, not commands (test/e2e/conversations.test.ts presses them).
    expect(missing.length).toBeLessThanOrEqual(17);
    h.slack.takeViolations();
  });

  it('every pattern listener has sample ids it answers to', () => {
    for (const listener of actionListeners) {
      if (typeof listener.id === 'string') continue;
      const samples = samplesFor(listener.id);
      expect([String(listener.id), samples.length > 0]).toEqual([String(listener.id), true]);
      for (const sample of samples) expect(listener.id.test(sample)).toBe(true);
    }
  });

  for (const person of ['admin', 'stranger'] as const) {
    it(`as ${person === 'admin' ? 'a linked' : 'an unlinked'} person: every id × 5 containers × plausible and implausible values is acked, and no listener error escapes`, async () => {
      const mark = h.logs.length;
      const statuses: Record<string, number> = {};
      const failures: Record<string, string[]> = {};
      for (const listener of actionListeners) {
        const ids = typeof listener.id === 'string' ? [listener.id] : samplesFor(listener.id);
        for (const id of ids) {
          // A press may unlink (Disconnect) or change the help desk; each id starts from a linked admin.
          if (person === 'admin') await h.link('admin');
          const found = plausibleFor(id);
          const element: Element = found ? { ...found.element, action_id: id } : { type: 'button', action_id: id, value: '2' };
          const blockId = found?.blockId ?? 'b';
          const values: (string | undefined)[] = [undefined, ...IMPLAUSIBLE];
          const before = h.logs.length;
          const sends = CONTAINERS.flatMap((kind) =>
            values.map(async (value) => {
              const label = `${id} in ${kind} with ${value ?? 'its own value'}`;
              const sent = await h.send.interaction(payloadFor(h, person, pressed(element, blockId, value), kind, found?.view));
              statuses[label] = sent.status;
            }),
          );
          await Promise.all(sends);
          await inFlight.idle();
          const problems = h.logs.slice(before).filter(escaped);
          if (problems.length > 0) failures[id] = problems.map((line) => line.slice(0, 400));
        }
      }
      expect(Object.entries(statuses).filter(([, status]) => status !== 200)).toEqual([]);
      expect(Object.keys(statuses).length).toBeGreaterThanOrEqual(actionListeners.length * CONTAINERS.length * 3);
      expect(failures).toEqual({});
      expect(h.logs.slice(mark).filter(escaped)).toEqual([]);
      expect(rejections).toEqual([]);
    }, 240_000);
  }

  it('a card control pressed in a modal, on the App Home or with no container answers through the kernel (a DM card); in a message, through its response_url', async () => {
    await h.link('admin');
    for (const kind of ['modal', 'home', 'none'] as const) {
      const before = h.slack.callsTo('chat.postMessage').length;
      const sent = await h.send.interaction(payloadFor(h, 'admin', { type: 'button', action_id: 'talep_card_subscribe', block_id: 'b', value: '3' }, kind));
      expect(sent.status).toBe(200);
      await inFlight.idle();
      const dm = h.slack.callsTo('chat.postMessage').slice(before).find((call) => call.args.channel === h.as('admin').userId);
      expect([kind, JSON.stringify(dm?.args.blocks ?? '')]).toEqual([kind, expect.stringContaining('Subscribed')]);
    }
    const payload = payloadFor(h, 'admin', { type: 'button', action_id: 'talep_card_unsubscribe', block_id: 'b', value: '3' }, 'ephemeral');
    await h.send.interaction(payload);
    await inFlight.idle();
    expect(JSON.stringify(h.slack.postsTo(String(payload.response_url))[0])).toContain('Unsubscribed');
  });
});
