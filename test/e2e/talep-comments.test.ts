/**
 * All comments of a talep end to end: the list (newest first, 10 a page, Previous/Next replacing it in
 * place), who sees agents-only comments, the Edit form (opened at once, prefilled, saved as the acting
 * user, the list refreshed), the help desk's refusal for someone else's comment, and "All comments" in
 * the card's More menu; each checked in what Slack received and in the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { FORM_VALUE } from '../../src/views/kit/inputs.js';
import { cardExtraValue, TalepCardIds } from '../../src/views/talep-card/ids.js';
import { CommentsIds, editValue, parseEditValue } from '../../src/views/talep-comments/list.js';
import {
  elementsWithId,
  inputElement,
  json,
  modalOpenedBy,
  modalShowing,
  postTo,
  pressAnswer,
  slashAnswer,
  type StateValues,
  stateOf,
  textValue,
  type View,
} from '../support/e2e.js';
import { type Person } from '../support/harness.js';

/** Talep 6 (admin's, Network) has no seed comments: these 12 public ones and 1 agents-only are all it has. */
const TALEP = 6;
const ADDED = 12;

const h = useHarness({}, async (started) => {
  const agent = started.helpdeskAs('agent');
  for (let n = 1; n <= ADDED; n++) await agent.addComment({ id: TALEP, body: `Maintenance note ${n}` });
  await agent.addComment({ id: TALEP, body: 'Core switch password rotated', forTechsOnly: true });
});


const slash = (person: Person, text: string) => slashAnswer(h, person, text, { ephemeral: true });
const press = (person: Person, action: Record<string, unknown> & { action_id: string }) => pressAnswer(h, person, action);
const comments = (id: number) => h.helpdeskAs('admin').comments({ id });
const commentById = async (talepId: number, commentId: number) => (await comments(talepId)).find((row) => row.CommentID === commentId);
const editIds = (post: unknown) => elementsWithId(post, CommentsIds.edit).map((element) => parseEditValue(element.value)?.commentId);

/** Presses Edit (value as on the list) and returns the form once the comment is in it, with the list's response_url. */
async function openEdit(person: Person, value: string, shows: string) {
  let responseUrl: string | undefined;
  const modal = await modalOpenedBy(
    h,
    async () => {
      responseUrl = (await h.send.blockAction(h.as(person), { action_id: CommentsIds.edit, value })).responseUrl;
    },
    shows,
  );
  return { modal, view: modal.view as unknown as View, responseUrl: responseUrl ?? '' };
}

const submitEdit = (person: Person, viewId: string, metadata: string, values: StateValues) =>
  h.send.viewSubmission(h.as(person), { id: viewId, callback_id: CommentsIds.editCallback, private_metadata: metadata, values });

describe('the list', () => {
  it('shows every comment newest first, 10 a page, and pages in place', async () => {
    const { post } = await slash('agent', `comments ${TALEP}`);
    const all = (await comments(TALEP)).map((row) => row.CommentID);
    expect(all).toHaveLength(ADDED + 1);
    const newestFirst = [...all].reverse();
    expect(editIds(post)).toEqual(newestFirst.slice(0, 10));
    expect(json(post)).toContain('1–10 of 13');
    expect(json(post)).toContain('<!date^');
    const [next] = elementsWithId(post, CommentsIds.nextPage);
    expect(elementsWithId(post, CommentsIds.previousPage)).toEqual([]);

    const second = (await press('agent', { action_id: CommentsIds.nextPage, value: next?.value ?? '' })).post;
    expect(second).toMatchObject({ response_type: 'ephemeral', replace_original: true });
    expect(editIds(second)).toEqual(newestFirst.slice(10));
    expect(json(second)).toContain('\\nMaintenance note 1"');
    expect(json(second)).toContain('page 2 of 2');
    const [previous] = elementsWithId(second, CommentsIds.previousPage);
    expect(elementsWithId(second, CommentsIds.nextPage)).toEqual([]);
    const back = (await press('agent', { action_id: CommentsIds.previousPage, value: previous?.value ?? '' })).post;
    expect(editIds(back)).toEqual(newestFirst.slice(0, 10));
  });

  it('opens on a later page from the command', async () => {
    const { post } = await slash('agent', `comments ${TALEP} 2`);
    expect(json(post)).toContain('11–13 of 13');
  });

  it('shows agents-only comments to agents, with the lock, and never to the submitter', async () => {
    const agent = json((await slash('agent', 'comments 2')).post);
    expect(agent).toContain('Gateway certificate expired');
    expect(agent).toContain(':lock: _agents only_');

    const { post } = await slash('user', 'comments 2');
    expect(json(post)).toContain('Can you send a screenshot of the error?');
    expect(json(post)).not.toContain('Gateway certificate');
    expect(json(post)).not.toContain('agents only');
    // The user may edit their own comment (2) only.
    expect(editIds(post)).toEqual([2]);
  });

  it("tells a regular user that someone else's talep is not theirs, and a typo how to write it", async () => {
    expect((await slash('user', `comments ${TALEP}`)).post.text).toContain(`Talep #${TALEP} belongs to someone else`);
    expect((await slash('agent', 'comments 999')).post.text).toContain('Talep #999 was not found');
    const typo = (await slash('agent', 'comments 2 next')).post.text;
    expect(typo).toContain('page number');
    expect(typo).toContain('Usage: `/talep comments <id> [page]`');
  });

  it('is in the card’s More menu as “All comments”', async () => {
    const card = (await slash('agent', `show ${TALEP}`)).post;
    const [more] = elementsWithId(card, TalepCardIds.extras);
    expect(more?.options).toHaveLength(5);
    expect(json(more)).toContain('All comments');
    expect(json(card)).toContain('subscribers, all comments');

    const { post } = await press('agent', {
      action_id: TalepCardIds.extras,
      type: 'overflow',
      selected_option: { text: { type: 'plain_text', text: 'All comments' }, value: cardExtraValue('comments', TALEP) },
    });
    expect(post).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(json(post)).toContain(`Comments on talep`);
    expect(json(post)).toContain('Core switch password rotated');
    expect(editIds(post)).toHaveLength(10);
  });
});

describe('editing', () => {
  it('an agent edits a comment in the form; the help desk has it and the list is refreshed', async () => {
    // Note 2 is on the second page (newest first).
    const [target] = (await comments(TALEP)).filter((row) => row.Body === 'Maintenance note 2');
    const id = target?.CommentID as number;
    const { modal, view, responseUrl } = await openEdit('agent', editValue(TALEP, id, 1), 'Maintenance note 2');
    expect(h.slack.callsTo('views.open').at(-1)?.args.view).toMatchObject({ title: { text: 'Edit comment' } });
    expect(inputElement(view, CommentsIds.bodyBlock)).toMatchObject({ initial_value: 'Maintenance note 2' });
    expect(inputElement(view, CommentsIds.privateBlock)?.initial_options).toBeUndefined();
    expect(JSON.parse(view.private_metadata ?? '{}')).toMatchObject({ talepId: TALEP, commentId: id, page: 1, responseUrl });

    const ack = await submitEdit('agent', modal.id, view.private_metadata ?? '', stateOf(view, {
      [CommentsIds.bodyBlock]: textValue('Maintenance note 2: window moved to Friday'),
      [CommentsIds.privateBlock]: { [FORM_VALUE]: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'Agents only' }, value: 'true' }] } },
    }));
    expect(ack.body).toMatchObject({ response_action: 'update' });
    expect(json(ack.body)).toContain('Saving');
    await modalShowing(h, modal.id, `Comment #${id} on talep #${TALEP} was updated (:lock: agents only)`);
    expect(await commentById(TALEP, id)).toMatchObject({ Body: 'Maintenance note 2: window moved to Friday', ForTechsOnly: true });

    const refreshed = await postTo(h, responseUrl, 'the refreshed comments list');
    expect(refreshed).toMatchObject({ response_type: 'ephemeral', replace_original: true });
    expect(json(refreshed)).toContain(`Comment #${id} was updated`);
    expect(json(refreshed)).toContain('window moved to Friday');
    expect(json(refreshed)).toContain('page 2 of 2');
  });

  it('an agent can make an agents-only comment public again', async () => {
    const { modal, view } = await openEdit('agent', editValue(2, 3, 0), 'Gateway certificate expired');
    expect(inputElement(view, CommentsIds.privateBlock)?.initial_options).toHaveLength(1);
    await submitEdit('agent', modal.id, view.private_metadata ?? '', stateOf(view, {
      [CommentsIds.privateBlock]: { [FORM_VALUE]: { type: 'checkboxes', selected_options: [] } },
    }));
    await modalShowing(h, modal.id, 'was updated (visible to the submitter)');
    expect(await commentById(2, 3)).toMatchObject({ Body: 'Gateway certificate expired; renewing it tonight.', ForTechsOnly: false });
    expect(json((await slash('user', 'comments 2')).post)).toContain('Gateway certificate expired');
  });

  it('a regular user edits their own comment, without a visibility choice', async () => {
    const { modal, view } = await openEdit('user', editValue(2, 2, 0), 'It says error 809');
    expect(inputElement(view, CommentsIds.privateBlock)).toBeUndefined();
    await submitEdit('user', modal.id, view.private_metadata ?? '', stateOf(view, { [CommentsIds.bodyBlock]: textValue('Attached. The error is 809, every morning.') }));
    await modalShowing(h, modal.id, 'Comment #2 on talep #2 was updated.');
    expect(await commentById(2, 2)).toMatchObject({ Body: 'Attached. The error is 809, every morning.', ForTechsOnly: false, UserID: SeedIds.users.user });
  });

  it("refuses a regular user someone else's comment: at once from a stale button, and the help desk's refusal on a forged form", async () => {
    const stale = await modalOpenedBy(h, () => h.send.blockAction(h.as('user'), { action_id: CommentsIds.edit, value: editValue(2, 1, 0) }), 'only your own');
    expect(json(stale.view)).not.toContain('plain_text_input');

    const metadata = JSON.stringify({ talepId: 2, commentId: 1, page: 0 });
    await submitEdit('user', 'V-forged', metadata, { [CommentsIds.bodyBlock]: textValue('I rewrote the agent’s question') });
    const refused = await modalShowing(h, 'V-forged', 'The help desk refused');
    expect(json(refused.view)).toContain("the comment's author, an agent of the category, or admin");
    // The form comes back with what was typed.
    expect(json(refused.view)).toContain('I rewrote the agent’s question');
    expect((await commentById(2, 1))?.Body).toBe('Can you send a screenshot of the error?');
  });

  it('answers an empty comment inline and changes nothing', async () => {
    const metadata = JSON.stringify({ talepId: 2, commentId: 1, page: 0 });
    const ack = await submitEdit('agent', 'V-empty', metadata, { [CommentsIds.bodyBlock]: textValue('   ') });
    expect(ack.body).toEqual({ response_action: 'errors', errors: { [CommentsIds.bodyBlock]: 'Write the comment; an empty comment cannot be saved.' } });
    expect((await commentById(2, 1))?.Body).toBe('Can you send a screenshot of the error?');
  });

  it('says so when the comment is gone, and when the form is out of date', async () => {
    const gone = await modalOpenedBy(h, () => h.send.blockAction(h.as('agent'), { action_id: CommentsIds.edit, value: editValue(2, 999, 0) }), 'Comment #999');
    expect(json(gone.view)).toContain('is not among the comments of talep #2');
    const ack = await submitEdit('agent', 'V-old', 'garbage', { [CommentsIds.bodyBlock]: textValue('x') });
    expect(json(ack.body)).toContain('out of date');
  });
});
