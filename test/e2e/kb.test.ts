/**
 * `/talep kb …` end to end against the sandbox (seed: article 1 "How to connect to the VPN" and 2
 * "Clearing a printer jam" are public; 3 "Core switch recovery procedure" is ForTechsOnly): search as a
 * user and as an agent, show, Share in channel (and its refusal for the agents-only article), and
 * `kb new` creating an article as an agent and refused for a regular user.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { FORM_VALUE } from '../../src/views/kit/inputs.js';
import { AGENTS_ONLY, KbIds, NewArticleBlocks } from '../../src/views/kb/articles.js';
import { actionIdsOf, elementsOf, json, type MessageElement, modalShowing, nextCall, type Post, pressAnswer, slashAnswer } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

interface AnyBlock {
  type: string;
  block_id?: string;
  elements?: MessageElement[];
  accessory?: MessageElement;
  element?: Record<string, unknown>;
  text?: { text: string };
}

const blocksOf = (value: unknown) => ((value as { blocks?: AnyBlock[] }).blocks ?? []) as AnyBlock[];
const buttons = (value: unknown) => elementsOf(value);
/** The article ids of a list, in order, read from the Show buttons. */
const listedIds = (post: Post) =>
  buttons(post).filter((element) => element.action_id === KbIds.show).map((element) => Number(element.value));
const webRoot = () => h.sandbox.baseUrl.replace(/\/api$/, '');

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true, ephemeral: true })).post;
const press = (person: Person, action: { action_id: string; value: string }) => pressAnswer(h, person, action, { ephemeral: true });

describe('kb <words>', () => {
  it('lists what a regular user may read, newest first, without the agents-only article', async () => {
    const post = await slash('user', 'kb');
    expect(listedIds(post)).toEqual([2, 1]);
    expect(json(post.blocks)).not.toContain('Core switch');
  });

  it('lists the agents-only article for an agent, marked as such', async () => {
    const post = await slash('agent', 'kb network');
    expect(listedIds(post)).toEqual([3, 1]);
    const row = blocksOf(post).find((block) => block.text?.text.includes('Core switch recovery procedure'));
    expect(row?.text?.text).toContain(AGENTS_ONLY);
    expect(row?.text?.text).toContain('Network');
  });

  it('matches every word in the subject or category, ignoring case and accents', async () => {
    expect(listedIds(await slash('user', 'kb PRİNTER hardware'))).toEqual([2]);
    const none = await slash('user', 'kb switch recovery');
    expect(listedIds(none)).toEqual([]);
    expect(none.text).toContain('No knowledge-base article matching “switch” “recovery”');
  });

  it('narrows by category:<name>, passed to the help desk as categoryId', async () => {
    const post = await slash('agent', 'kb category:network');
    expect(listedIds(post)).toEqual([3, 1]);
    expect(post.text).toContain('in *IT Support / Network*');
    const unknown = await slash('agent', 'kb category:nowhere');
    expect(unknown.text).toContain('No category “nowhere”');
  });
});

describe('kb <id>', () => {
  it('shows a public article with its body, an Open link and Share in channel', async () => {
    const post = await slash('user', 'kb 1');
    const all = json(post.blocks);
    expect(all).toContain('How to connect to the VPN');
    expect(all).toContain('1. Install the VPN client.\\n2. Sign in with your e-mail.');
    expect(all).toContain('Network');
    const open = buttons(post).find((element) => element.action_id === KbIds.openLink);
    expect(open?.url).toBe(`${webRoot()}/KB/View/1`);
    expect(buttons(post).find((element) => element.action_id === KbIds.share)?.value).toBe('1');
  });

  it('shows an agent the agents-only article, marked, without Share', async () => {
    const post = await slash('agent', 'kb #3');
    expect(json(post.blocks)).toContain('Console cable, ROMMON');
    expect(json(post.blocks)).toContain(AGENTS_ONLY);
    expect(actionIdsOf(post)).not.toContain(KbIds.share);
  });

  it('does not show a regular user the agents-only article', async () => {
    const post = await slash('user', 'kb 3');
    expect(post.text).toBe(':mag: Article #3 was not found.');
    expect(json(post)).not.toContain('ROMMON');
  });

  it('says when the article does not exist, and asks an unlinked user to connect', async () => {
    expect((await slash('agent', 'kb 999')).text).toBe(':mag: Article #999 was not found.');
    expect(json(await slash('stranger', 'kb 1'))).toContain('Connect');
  });

  it('Show in a list answers with the article as a new ephemeral message', async () => {
    const { post } = await press('user', { action_id: KbIds.show, value: '2' });
    expect(post.replace_original).toBe(false);
    expect(json(post.blocks)).toContain('pull the green lever');
  });
});

describe('Share in channel', () => {
  it('posts a public article in the channel, saying who shared it', async () => {
    const before = h.slack.callsTo('chat.postMessage').length;
    const { post } = await press('user', { action_id: KbIds.share, value: '1' });
    expect(post.text).toBe(':mega: Shared article #1 in <#C1>.');
    const posted = h.slack.callsTo('chat.postMessage').slice(before);
    expect(posted).toHaveLength(1);
    const message = posted[0]?.args as Post;
    expect(message.channel).toBe('C1');
    expect(json(message.blocks)).toContain('How to connect to the VPN');
    expect(json(message.blocks)).toContain('Shared by <@UUSER>');
    expect(actionIdsOf(message)).not.toContain(KbIds.share);
  });

  it('refuses the agents-only article and posts nothing', async () => {
    const before = h.slack.callsTo('chat.postMessage').length;
    const { post } = await press('agent', { action_id: KbIds.share, value: '3' });
    expect(post.text).toBe(':lock: Article #3 is for agents only, so it cannot be shared in a channel.');
    expect(h.slack.callsTo('chat.postMessage').length).toBe(before);
  });

  it('a regular user cannot share it either (the help desk hides it)', async () => {
    const before = h.slack.callsTo('chat.postMessage').length;
    const { post } = await press('user', { action_id: KbIds.share, value: '3' });
    expect(post.text).toBe(':mag: Article #3 was not found.');
    expect(h.slack.callsTo('chat.postMessage').length).toBe(before);
  });
});

describe('kb new', () => {
  /** Sends `kb new`: the modal opens at once (loading), then the form arrives by views.update of that view. */
  async function openForm(person: Person) {
    const opens = h.slack.callsTo('views.open').length;
    const updates = h.slack.callsTo('views.update').length;
    await h.send.slash(h.as(person), 'kb new');
    const open = await nextCall(h, 'views.open', opens);
    expect(json(open.args.view)).toContain('Loading the categories');
    const update = await h.slack.waitFor(
      () => h.slack.callsTo('views.update').slice(updates).find((call) => json(call.args.view).includes(NewArticleBlocks.subject)),
      'the form',
    );
    return { viewId: String(update.args.view_id), view: update.args.view as { callback_id: string; blocks: AnyBlock[] } };
  }

  const values = (category: string, subject: string, body: string, techOnly: boolean) => ({
    [NewArticleBlocks.category]: { [FORM_VALUE]: { type: 'static_select', selected_option: { text: { type: 'plain_text', text: 'c' }, value: category } } },
    [NewArticleBlocks.subject]: { [FORM_VALUE]: { type: 'plain_text_input', value: subject } },
    [NewArticleBlocks.body]: { [FORM_VALUE]: { type: 'plain_text_input', value: body } },
    [NewArticleBlocks.techOnly]: {
      [FORM_VALUE]: { type: 'checkboxes', selected_options: techOnly ? [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] : [] },
    },
  });

  it('opens the form at once for an agent, with the knowledge-base categories', async () => {
    const { view } = await openForm('agent');
    expect(view.callback_id).toBe(KbIds.newCallback);
    const select = view.blocks.find((block) => block.block_id === NewArticleBlocks.category)?.element as { options: { value: string }[] };
    expect(select.options.map((choice) => Number(choice.value))).toEqual(expect.arrayContaining(Object.values(SeedIds.categories)));
    expect(json(view)).not.toContain('Temsilci');
  });

  it('answers an empty subject or body inline', async () => {
    const res = await h.send.viewSubmission(h.as('agent'), {
      callback_id: KbIds.newCallback,
      values: values(String(SeedIds.categories.network), ' ', '', false),
    });
    expect(res.body).toEqual({
      response_action: 'errors',
      errors: { [NewArticleBlocks.subject]: expect.any(String), [NewArticleBlocks.body]: expect.any(String) },
    });
  });

  it('creates the article as the agent and confirms with its id and a Show button', async () => {
    const res = await h.send.viewSubmission(h.as('agent'), {
      callback_id: KbIds.newCallback,
      id: 'V-kb-created',
      values: values(String(SeedIds.categories.network), 'Resetting the Wi-Fi access points', 'Unplug the AP.\n\nWait 30 s.', true),
    });
    expect(res.body).toMatchObject({ response_action: 'update' });
    const { view: confirmation } = await modalShowing(h, 'V-kb-created', 'Created article #');
    const created = (await h.helpdeskAs('agent').articles()).Articles.find((item) => item.Subject === 'Resetting the Wi-Fi access points');
    expect(created).toMatchObject({ ForTechsOnly: true, CategoryID: SeedIds.categories.network });
    expect(json(confirmation)).toContain(`Created article #${created?.ArticleId}`);
    expect(buttons(confirmation)).toEqual([expect.objectContaining({ action_id: KbIds.show, value: String(created?.ArticleId) })]);
    const article = await h.helpdeskAs('agent').getArticle({ id: created?.ArticleId ?? 0 });
    expect(article.Body).toBe('Unplug the AP.\n\nWait 30 s.');
    // The user cannot see it: it is for agents only.
    expect((await h.helpdeskAs('user').articles()).Articles.map((item) => item.ArticleId)).not.toContain(created?.ArticleId);

    // Show inside the modal turns it into the article.
    await h.send.blockAction(h.as('agent'), { action_id: KbIds.show, value: String(created?.ArticleId) }, { view: { id: 'V-kb-created' } });
    const { view: shown } = await modalShowing(h, 'V-kb-created', 'Wait 30 s.');
    expect(json(shown)).toContain(AGENTS_ONLY);
    expect(actionIdsOf(shown)).not.toContain(KbIds.share);
  });

  it('explains the help desk’s refusal to a regular user and keeps what they typed', async () => {
    const { view } = await openForm('user');
    expect(json(view)).toContain('*agent* (Temsilci) permission');
    expect(json(view)).not.toContain('Internal Maintenance'); // an agents-only category
    const before = (await h.helpdeskAs('agent').articles()).Articles.length;
    const res = await h.send.viewSubmission(h.as('user'), {
      callback_id: KbIds.newCallback,
      id: 'V-kb-refused',
      values: values(String(SeedIds.categories.hardware), 'My printer tips', 'Kick it.', false),
    });
    expect(res.body).toMatchObject({ response_action: 'update' });
    const { view: refused } = await modalShowing(h, 'V-kb-refused', 'The help desk refused');
    expect(json(refused)).toContain('*agent* (Temsilci) permission');
    expect(json(refused)).toContain('"initial_value":"My printer tips"');
    expect((await h.helpdeskAs('agent').articles()).Articles.length).toBe(before);
  });

  it('asks an unlinked user to connect instead of opening the form', async () => {
    const opens = h.slack.callsTo('views.open').length;
    const post = await slash('stranger', 'kb new');
    expect(json(post)).toContain('Connect');
    expect(h.slack.callsTo('views.open').length).toBe(opens);
  });
});
