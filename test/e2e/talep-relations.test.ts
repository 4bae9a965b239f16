/**
 * Talep relations end to end: related links (link, unlink, the Unlink button), sub-taleps (add, remove,
 * list, parent, the one-level refusal, the Detach button), merging (confirmation first, then the merged
 * talep is gone, its comments moved, message links to it forgotten), the card's "More" menu, and the
 * refusals for regular users.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { isHelpdeskError } from '../../src/api/errors.js';
import { rowActionId } from '../../src/views/kit/blocks.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { cardExtraValue, TalepCardIds } from '../../src/views/talep-card/ids.js';
import { RelationIds } from '../../src/views/talep-relations/ids.js';
import { elementsWithId, json, pressAnswer, rowElements, slashAnswer } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text)).post;
const press = async (person: Person, action: Record<string, unknown> & { action_id: string }) => (await pressAnswer(h, person, action)).post;

const hd = () => h.helpdeskAs('admin');
const relatedOf = async (id: number) => (await hd().getTalep({ id }))['RelatedTalepIDs'];
const parentOf = (id: number) => hd().parentTalep({ id });

describe('related taleps', () => {
  it('lists a talep’s relations with Show buttons, and Unlink buttons for agents', async () => {
    const post = await slash('agent', 'relations 1');
    expect(post.response_type).toBe('ephemeral');
    expect(json(post)).toContain('Laptop battery drains in two hours'); // talep 9, related to 1
    expect(elementsWithId(post, SharedActions.showTalep).map((element) => element.value)).toEqual(['9']);
    const unlink = rowElements(post, RelationIds.unlink);
    expect(unlink.map((element) => element.value)).toEqual(['1:9']);
    expect(unlink[0]?.confirm).toBeDefined();
    // The submitter sees the relations of their own talep, without the agents' buttons.
    const mine = await slash('user', 'relations 1');
    expect(json(mine)).toContain('Laptop battery');
    expect(rowElements(mine, RelationIds.unlink)).toEqual([]);
  });

  it('links and unlinks two taleps', async () => {
    const linked = await slash('agent', 'link 2 #5');
    expect(json(linked)).toContain('Taleps #2 and #5 are now related');
    expect(json(linked)).toContain('Design software licence expires');
    expect(await relatedOf(2)).toEqual([5]);
    expect(await relatedOf(5)).toEqual([2]);

    const unlinked = await slash('agent', 'unlink 2 5');
    expect(json(unlinked)).toContain('no longer related');
    expect(await relatedOf(2)).toEqual([]);
  });

  it('explains the help desk’s refusal to unlink taleps that are not linked', async () => {
    const post = await slash('agent', 'unlink 2 3');
    expect(post.text).toContain('refused');
    expect(post.text).toContain('not linked');
  });

  it('refuses a regular user: linking needs agent permission', async () => {
    const post = await slash('user', 'link 1 2');
    expect(post.text).toContain('*agent* (Temsilci) permission');
    expect(await relatedOf(1)).toEqual([9]);
  });

  it('answers a typo with the usage', async () => {
    expect((await slash('agent', 'link 2')).text).toContain('Usage: `/talep link <id> <id2>`');
    expect((await slash('agent', 'link 2 2')).text).toContain('cannot be related to itself');
  });
});

describe('sub-taleps', () => {
  it('lists the sub-taleps with Show buttons', async () => {
    const post = await slash('agent', 'sub list 6');
    expect(json(post)).toContain('Upgrade the core switch firmware');
    expect(json(post)).toContain('Re-plan the Wi-Fi channels');
    expect(elementsWithId(post, SharedActions.showTalep).map((element) => element.value)).toEqual(['7', '8']);
    const detach = rowElements(post, RelationIds.detach);
    expect(detach.map((element) => element.value)).toEqual(['6:7', '6:8']);
    // One actions block, so each Detach has its own action id (Slack refuses two alike in a block).
    expect(detach.map((element) => element.action_id)).toEqual([rowActionId(RelationIds.detach, 7), rowActionId(RelationIds.detach, 8)]);
  });

  it('shows the parent’s card, or says there is none', async () => {
    const post = await slash('agent', 'parent 7');
    expect(json(post)).toContain('Talep #6 is the parent of #7');
    expect(json(post)).toContain('Quarterly network maintenance');
    expect(elementsWithId(post, TalepCardIds.comment).map((element) => element.value)).toEqual(['6']); // it is 6's card
    expect((await slash('agent', 'parent 6')).text).toContain('is not a sub-talep of anything');
  });

  it('adds and removes a sub-talep', async () => {
    const added = await slash('agent', 'sub add 6 5');
    expect(json(added)).toContain('Talep #5 is now a sub-talep of #6');
    expect(elementsWithId(added, SharedActions.showTalep).map((element) => element.value)).toEqual(['5', '7', '8']);
    expect(await parentOf(5)).toBe(6);

    const removed = await slash('agent', 'sub remove 6 5');
    expect(json(removed)).toContain('Talep #5 is no longer a sub-talep of #6');
    expect(await parentOf(5)).toBeNull();
  });

  it('explains the one-level rule when the help desk refuses', async () => {
    const underSub = await slash('agent', 'sub add 7 5'); // 7 is itself a sub-talep of 6
    expect(underSub.text).toContain('Talep #5 cannot become a sub-talep of #7');
    expect(underSub.text).toContain('one level deep');
    expect(underSub.text).toContain('Talep 7 is itself a sub-talep of talep 6'); // the help desk's reason
    const parentBelow = await slash('agent', 'sub add 5 6'); // 6 has sub-taleps of its own
    expect(parentBelow.text).toContain('one level deep');
    expect(await parentOf(5)).toBeNull();
    expect(await parentOf(6)).toBeNull();
  });

  it('refuses a regular user', async () => {
    const post = await slash('user', 'sub add 1 9');
    expect(post.text).toContain('*agent* (Temsilci) permission');
    expect(await parentOf(9)).toBeNull();
  });

  it('detaches a sub-talep with the button and re-renders the relations in place', async () => {
    const post = await press('agent', { action_id: rowActionId(RelationIds.detach, 8), value: '6:8' });
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('Talep #8 is no longer a sub-talep of #6');
    expect(await parentOf(8)).toBeNull();
    expect(await parentOf(7)).toBe(6);
  });

  it('opens the relations from the card’s More menu as a new message', async () => {
    const post = await press('agent', {
      action_id: TalepCardIds.extras,
      type: 'overflow',
      selected_option: { text: { type: 'plain_text', text: 'Related and sub-taleps' }, value: cardExtraValue('relations', 7) },
    });
    expect(post.replace_original).toBe(false);
    expect(json(post)).toContain('Relations of talep #7');
    expect(json(post)).toContain('Quarterly network maintenance'); // its parent
  });
});

describe('merge', () => {
  it('asks first, with a danger button, and changes nothing until confirmed', async () => {
    const post = await slash('agent', 'merge 9 into 1');
    expect(post.response_type).toBe('ephemeral');
    expect(json(post)).toContain('irreversible');
    expect(json(post)).toContain('will be deleted');
    expect(json(post)).toContain('comments, attachments, tags');
    const [confirmButton] = elementsWithId(post, RelationIds.mergeConfirm);
    expect(confirmButton).toMatchObject({ style: 'danger', value: '9:1' });
    expect((await hd().getTalep({ id: 9 })).TalepID).toBe(9);
  });

  it('cancels without a change', async () => {
    const post = await press('agent', { action_id: RelationIds.mergeCancel, value: '9:1' });
    expect(post.replace_original).toBe(true);
    expect(post.text).toContain('cancelled');
    expect((await hd().getTalep({ id: 9 })).TalepID).toBe(9);
  });

  it('refuses a regular user before asking', async () => {
    const post = await slash('user', 'merge 9 1');
    expect(post.text).toContain('agent');
    expect(elementsWithId(post, RelationIds.mergeConfirm)).toEqual([]);
    // Pressing a confirmation anyway is refused too.
    const pressed = await press('user', { action_id: RelationIds.mergeConfirm, value: '9:1' });
    expect(pressed.text).toContain('agent');
    expect((await hd().getTalep({ id: 9 })).TalepID).toBe(9);
  });

  it('merges on confirmation: the merged talep is gone, its comments moved, its message links forgotten', async () => {
    await h.helpdeskAs('agent').addComment({ id: 9, body: 'Battery replaced under warranty.' });
    await h.services.stores.messageTaleps.set('T1', 'C1', '1700000000.000100', 9, 'UUSER');
    await h.services.stores.messageTaleps.set('T1', 'C1', '1700000000.000200', 2, 'UUSER');

    const post = await press('agent', { action_id: RelationIds.mergeConfirm, value: '9:1' });
    expect(post.replace_original).toBe(true);
    expect(post.response_type).toBe('ephemeral');
    expect(json(post)).toContain('Talep #9 was merged into #1 and no longer exists');
    expect(json(post)).toContain('Printer on the 3rd floor keeps jamming'); // the card of #1

    const gone = await hd().getTalep({ id: 9 }).catch((error: unknown) => error);
    expect(isHelpdeskError(gone, 'not-found')).toBe(true);
    const comments = await hd().comments({ id: 1 });
    expect(comments.map((comment) => comment.Body)).toContain('Battery replaced under warranty.');
    expect((await hd().getTalep({ id: 1 })).Tags.map((tag) => tag.Name)).toEqual(expect.arrayContaining(['printer', 'laptop']));
    expect(await h.services.stores.messageTaleps.get('T1', 'C1', '1700000000.000100')).toBeUndefined();
    expect((await h.services.stores.messageTaleps.get('T1', 'C1', '1700000000.000200'))?.talepId).toBe(2);
  });

  it('says so when a talep of the merge no longer exists', async () => {
    const post = await press('agent', { action_id: RelationIds.mergeConfirm, value: '9:1' });
    expect(post.text).toContain('Talep #9 or #1 was not found');
  });

  it('answers a merge into itself with the usage', async () => {
    expect((await slash('agent', 'merge 3 3')).text).toContain('cannot be merged into itself');
  });
});
