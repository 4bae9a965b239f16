/**
 * `/talep user list|find <username>|edit|delete` end to end against the sandbox: GET /Users paging
 * (1-based, 25 a page) with Previous/Next replacing the message, find by help-desk user name, the edit
 * modal (opens at once, prefilled from GET /User, only changed fields sent, inline errors, the updated
 * card), deletion behind an explicit confirmation, and the help desk's refusals for agents and users.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { listPageValue } from '../../src/views/users/list.js';
import { UserEditBlocks } from '../../src/views/users/edit.js';
import { UserIds } from '../../src/views/users/ids.js';
import {
  elementsWithId,
  inputElement,
  json,
  modalOpenedBy,
  modalShowing,
  nextCallAfter,
  type Post,
  postTo,
  pressAnswer,
  slashAnswer,
  type StateValues,
  stateOf,
  textValue,
  type View,
} from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

const admin = () => h.helpdeskAs('admin');
const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true, ephemeral: true })).post;
const rowIds = (post: Post) => elementsWithId(post, UserIds.listShow).map((button) => Number(button.value));

describe('user list', () => {
  it('lists the seed users on one page, with roles and no paging buttons', async () => {
    const post = await slash('admin', 'user list');
    expect(rowIds(post)).toEqual([1, 2, 3, 4]);
    const blocks = json(post.blocks);
    expect(blocks).toContain('*Ayla Demir* · `admin`');
    expect(blocks).toContain(':crown: Admin');
    expect(blocks).toContain('user@example.com');
    expect(elementsWithId(post, UserIds.listNext)).toEqual([]);
    expect(elementsWithId(post, UserIds.listPrevious)).toEqual([]);
  });

  it('filters by listMode', async () => {
    expect(rowIds(await slash('admin', 'user list admins'))).toEqual([SeedIds.users.admin]);
    expect(rowIds(await slash('admin', 'user list agents'))).toEqual([1, 2, 3]);
    expect(rowIds(await slash('admin', 'user list regular'))).toEqual([SeedIds.users.user]);
    const disabled = await slash('admin', 'user list disabled');
    expect(rowIds(disabled)).toEqual([]);
    expect(json(disabled.blocks)).toContain('No help-desk users match');
  });

  it('pages 25 at a time, 1-based; Next and Previous replace the message', async () => {
    for (let i = 1; i <= 30; i++) await admin().createUser({ email: `kisi${i}@example.com`, username: `kisi${i}` });
    const everyone = (await admin().users()).map((user) => user.UserID);
    expect(everyone).toHaveLength(34);

    const first = await slashAnswer(h, 'admin', 'user list', { ephemeral: true });
    expect(rowIds(first.post)).toEqual(everyone.slice(0, 25));
    const [next] = elementsWithId(first.post, UserIds.listNext);
    expect(next?.value).toBe(listPageValue('all', 2));

    const second = await pressAnswer(h, 'admin', { action_id: UserIds.listNext, value: next?.value });
    expect(second.post.replace_original).toBe(true);
    expect(rowIds(second.post)).toEqual(everyone.slice(25, 34));
    expect(json(second.post.blocks)).toContain('Users 26–34 (the last page)');
    expect(elementsWithId(second.post, UserIds.listNext)).toEqual([]);
    const [previous] = elementsWithId(second.post, UserIds.listPrevious);

    const back = await pressAnswer(h, 'admin', { action_id: UserIds.listPrevious, value: previous?.value });
    expect(back.post.replace_original).toBe(true);
    expect(rowIds(back.post)).toEqual(everyone.slice(0, 25));
  });

  it('goes straight to a page typed in the command', async () => {
    const post = await slash('admin', 'user list 2');
    expect(rowIds(post)).toHaveLength(9);
    // 31 regular users (the seed's one and the 30 new): the second page holds 6.
    const regular = (await admin().users({ listMode: 'regular', count: 25, page: 2 })).map((user) => user.UserID);
    expect(regular).toHaveLength(6);
    expect(rowIds(await slash('admin', 'user list regular 2'))).toEqual(regular);
    expect(json((await slash('admin', 'user list regular 3')).blocks)).toContain('No users on this page');
  });

  it('opens a row’s card as a new message, with the admin buttons', async () => {
    const res = await pressAnswer(h, 'admin', { action_id: UserIds.listShow, value: String(SeedIds.users.user) });
    expect(res.post.replace_original).toBe(false);
    const blocks = json(res.post.blocks);
    expect(blocks).toContain('Can Öztürk');
    expect(blocks).toContain('Acme Lojistik A.Ş. · Finance');
    expect(blocks).toContain(UserIds.cardEdit);
    expect(blocks).toContain(UserIds.cardDelete);
  });

  it('explains the refusal to an agent and to a regular user (admin only)', async () => {
    expect((await slash('agent', 'user list')).text).toContain('*admin* permission');
    expect((await slash('user', 'user list techs')).text).toContain('*admin* permission');
    const pressed = await pressAnswer(h, 'agent', { action_id: UserIds.listNext, value: listPageValue('all', 2) });
    expect(pressed.post.text).toContain('*admin* permission');
  });

  it('answers a tampered paging button without calling the help desk', async () => {
    const pressed = await pressAnswer(h, 'admin', { action_id: UserIds.listNext, value: '{"m":"everyone","p":-1}' });
    expect(pressed.post.text).toContain('out of date');
  });
});

describe('user find by user name', () => {
  it('finds a user by help-desk user name for an admin, with Edit and Delete', async () => {
    const post = await slash('admin', 'user find agent2');
    const blocks = json(post.blocks);
    expect(blocks).toContain('Zeynep Arslan');
    expect(blocks).toContain('Agent (Temsilci)');
    expect(blocks).toContain(UserIds.cardEdit);
    expect(blocks).toContain(UserIds.cardDelete);
  });

  it('finds one for an agent too (UserByUsername is agent or admin), without admin buttons', async () => {
    const post = await slash('agent', 'user find USER');
    const blocks = json(post.blocks);
    expect(blocks).toContain('Can Öztürk');
    expect(blocks).not.toContain(UserIds.cardEdit);
    expect(blocks).not.toContain(UserIds.cardDelete);
    expect(blocks).not.toContain('Finance');
  });

  it('still finds by e-mail and Slack mention', async () => {
    expect(json((await slash('agent', 'user find agent2@example.com')).blocks)).toContain('Zeynep Arslan');
    expect(json((await slash('agent', 'user find <@UAGENT2>')).blocks)).toContain('Zeynep Arslan');
  });

  it('says when nobody has that user name', async () => {
    expect((await slash('admin', 'user find hic-kimse')).text).toContain('No help-desk user has the user name hic-kimse');
  });

  it('explains the refusal to a regular user', async () => {
    const post = await slash('user', 'user find agent');
    expect(post.text).toContain('The help desk refused');
    expect(post.text).toContain('*agent* (Temsilci) permission');
  });
});

describe('user edit', () => {
  const openForm = (person: Person, text: string, shows: string) => modalOpenedBy(h, () => h.send.slash(h.as(person), `user ${text}`), shows);
  const submit = (person: Person, viewId: string, view: View, changes: Parameters<typeof stateOf>[1] = {}) =>
    h.send.viewSubmission(h.as(person), {
      callback_id: UserIds.editCallback,
      id: viewId,
      private_metadata: view.private_metadata ?? '',
      values: stateOf(view, changes) as Record<string, Record<string, unknown>>,
    });
  const checked: StateValues[string] = { value: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text', text: 'x' }, value: 'true' }] } };

  it('opens at once in a loading state, then shows every field prefilled from GET /User', async () => {
    const opens = h.slack.callsTo('views.open').length;
    const shown = await openForm('admin', 'edit user@example.com', 'Öztürk');
    expect(json(h.slack.callsTo('views.open')[opens]?.args.view)).toContain('Reading the user');
    const view = shown.view as unknown as View;
    expect(view.callback_id).toBe(UserIds.editCallback);
    expect(inputElement(view, UserEditBlocks.username)).toMatchObject({ initial_value: 'user' });
    expect(inputElement(view, UserEditBlocks.phone)).toMatchObject({ initial_value: '+90 212 555 0104' });
    expect(inputElement(view, UserEditBlocks.location)).toMatchObject({ initial_value: 'Istanbul, floor 3' });
    expect(inputElement(view, UserEditBlocks.company)).toMatchObject({ initial_value: 'Acme Lojistik A.Ş.' });
    expect(inputElement(view, UserEditBlocks.department)).toMatchObject({ initial_value: 'Finance' });
    // The sandbox sends the notification switch: a checkbox, ticked.
    expect(inputElement(view, UserEditBlocks.enableEmailNotifications)).toMatchObject({ type: 'checkboxes', initial_options: [{ value: 'true' }] });
    expect(inputElement(view, UserEditBlocks.password)).not.toHaveProperty('initial_value');
  });

  it('sends only the changed fields as the admin, and shows the updated card in the channel', async () => {
    const shown = await openForm('admin', 'edit user', 'Öztürk');
    // Someone renames them meanwhile; this form does not touch the last name, so it must not undo that.
    await admin().updateUser({ userId: SeedIds.users.user, lastName: 'Yılmaz' });

    const card = await nextCallAfter(h, 'chat.postEphemeral', () =>
      submit('admin', shown.id, shown.view as unknown as View, {
        [UserEditBlocks.phone]: textValue('+90 555 111 2233'),
        [UserEditBlocks.location]: textValue(''),
        [UserEditBlocks.greeting]: textValue('Selam #FirstName#!'),
        [UserEditBlocks.outOfOffice]: checked,
      }),
    );
    await modalShowing(h, shown.id, 'Saved *Phone*, *Location*, *Greeting*, *Out of office*');
    expect(card.args).toMatchObject({ channel: 'C1', user: 'UADMIN' });
    expect(json(card.args.blocks)).toContain('+90 555 111 2233');
    expect(json(card.args.blocks)).toContain('Out of office');

    const user = await admin().getUser({ userId: SeedIds.users.user });
    expect(user).toMatchObject({
      Phone: '+90 555 111 2233',
      Location: '',
      Greeting: 'Selam #FirstName#!',
      OutOfOffice: true,
      LastName: 'Yılmaz',
      FirstName: 'Can',
      Email: 'user@example.com',
      CompanyName: 'Acme Lojistik A.Ş.',
      DepartmentName: 'Finance',
      EnableEmailNotifications: true,
      IsAdmin: false,
      Disabled: false,
    });
  });

  it('answers invalid values inline and changes nothing', async () => {
    const shown = await openForm('admin', 'edit user', 'Yılmaz');
    const res = await submit('admin', shown.id, shown.view as unknown as View, {
      [UserEditBlocks.email]: { value: { type: 'email_text_input', value: 'not-an-email' } },
      [UserEditBlocks.username]: textValue('can y'),
      [UserEditBlocks.greeting]: textValue('Hi #Name#'),
    });
    expect(res.body).toEqual({
      response_action: 'errors',
      errors: { [UserEditBlocks.email]: expect.any(String), [UserEditBlocks.username]: expect.any(String), [UserEditBlocks.greeting]: expect.any(String) },
    });
    expect((await admin().getUser({ userId: SeedIds.users.user })).Username).toBe('user');
  });

  it('sends nothing when nothing changed', async () => {
    const shown = await openForm('admin', 'edit <@UUSER>', 'Yılmaz');
    const res = await submit('admin', shown.id, shown.view as unknown as View);
    expect(json(res.body)).toContain('Nothing changed');
  });

  it('shows the help desk’s refusal (an e-mail in use) in the form, with the typed values kept', async () => {
    const shown = await openForm('admin', 'edit user', 'Yılmaz');
    await submit('admin', shown.id, shown.view as unknown as View, {
      [UserEditBlocks.email]: { value: { type: 'email_text_input', value: 'agent@example.com' } },
      [UserEditBlocks.firstName]: textValue('Cem'),
    });
    const refused = await modalShowing(h, shown.id, 'already used');
    expect(json(refused.view)).toContain('"initial_value":"Cem"');
    expect((refused.view as { callback_id?: string }).callback_id).toBe(UserIds.editCallback);
    expect(await admin().getUser({ userId: SeedIds.users.user })).toMatchObject({ Email: 'user@example.com', FirstName: 'Can' });
  });

  it('edits from the card’s Edit button and replaces that card', async () => {
    const click = await h.send.blockAction(h.as('admin'), { action_id: UserIds.cardEdit, value: String(SeedIds.users.agent2) });
    const form = await h.slack.waitFor(() =>
      h.slack.callsTo('views.update').find((call) => (call.args.view as View).callback_id === UserIds.editCallback && json(call.args.view).includes('Arslan')),
    );
    await submit('admin', String(form.args.view_id), form.args.view as View, { [UserEditBlocks.department]: textValue('Destek') });
    const replaced = await postTo(h, click.responseUrl, 'the updated card');
    expect(replaced.replace_original).toBe(true);
    expect(json(replaced.blocks)).toContain('Destek');
    expect((await admin().getUser({ userId: SeedIds.users.agent2 })).DepartmentName).toBe('Destek');
  });

  it('explains the refusal to an agent in the modal (GET /User is admin only)', async () => {
    const shown = await openForm('agent', 'edit user@example.com', 'admin* permission');
    expect((shown.view as { callback_id?: string }).callback_id).not.toBe(UserIds.editCallback);
  });

  it('explains the refusal to a regular user in the modal', async () => {
    await openForm('user', 'edit agent2', 'The help desk refused');
  });

  it('refuses an agent at the help desk even with a form an admin opened', async () => {
    const shown = await openForm('admin', 'edit user', 'Yılmaz');
    await submit('agent', shown.id, shown.view as unknown as View, { [UserEditBlocks.isAdmin]: checked });
    await modalShowing(h, shown.id, 'admin* permission');
    expect((await admin().getUser({ userId: SeedIds.users.user })).IsAdmin).toBe(false);
  });
});

describe('user delete', () => {
  const exists = async (userId: number) =>
    admin()
      .getUser({ userId })
      .then(() => true, (error: { kind?: string }) => (error.kind === 'not-found' ? false : Promise.reject(error)));

  async function askToDelete(person: Person, who: string) {
    const post = await slash(person, `user delete ${who}`);
    return { post, confirm: elementsWithId(post, UserIds.deleteConfirm)[0] };
  }

  it('asks first, saying it is permanent and irreversible; the command alone deletes nothing', async () => {
    const { userId } = await admin().createUser({ email: 'silinecek@example.com', username: 'silinecek' });
    const { post, confirm } = await askToDelete('admin', 'silinecek');
    expect(json(post.blocks)).toContain('permanent and irreversible');
    expect(json(post.blocks)).toContain(`#${userId}`);
    expect(confirm).toMatchObject({ style: 'danger', confirm: expect.any(Object) });
    expect(await exists(userId)).toBe(true);
  });

  it('does nothing when cancelled', async () => {
    const { userId } = await admin().userByEmail({ email: 'silinecek@example.com' }).then((user) => ({ userId: user.UserID }));
    const res = await pressAnswer(h, 'admin', { action_id: UserIds.deleteCancel, value: 'cancel' });
    expect(res.post.replace_original).toBe(true);
    expect(res.post.text).toContain('cancelled');
    expect(await exists(userId)).toBe(true);
  });

  it('deletes after the confirmation and replaces the question with the result', async () => {
    const { confirm } = await askToDelete('admin', 'silinecek@example.com');
    const userId = (await admin().userByEmail({ email: 'silinecek@example.com' })).UserID;
    const res = await pressAnswer(h, 'admin', { action_id: UserIds.deleteConfirm, value: confirm?.value });
    expect(res.post.replace_original).toBe(true);
    expect(res.post.text).toContain('Deleted');
    expect(await exists(userId)).toBe(false);
    expect((await admin().users()).map((user) => user.UserID)).not.toContain(userId);
  });

  it('deletes from the card: Delete… shows the confirmation in place of the card', async () => {
    const { userId } = await admin().createUser({ email: 'kart@example.com', username: 'kart' });
    const asked = await pressAnswer(h, 'admin', { action_id: UserIds.cardDelete, value: String(userId) });
    expect(asked.post.replace_original).toBe(true);
    expect(json(asked.post.blocks)).toContain('permanent and irreversible');
    expect(await exists(userId)).toBe(true);
    const [confirm] = elementsWithId(asked.post, UserIds.deleteConfirm);
    await pressAnswer(h, 'admin', { action_id: UserIds.deleteConfirm, value: confirm?.value });
    expect(await exists(userId)).toBe(false);
  });

  it('forgets the Slack user of a deleted help-desk user', async () => {
    const { userId } = await admin().createUser({ email: 'slackli@example.com' });
    h.slack.users.set('USLACKLI', { id: 'USLACKLI', name: 'slackli', email: 'slackli@example.com', tzOffset: 0 });
    const { confirm } = await askToDelete('admin', '<@USLACKLI|slackli>');
    expect((await h.services.stores.directory.get('T1', 'USLACKLI'))?.helpdeskUserId).toBe(userId);
    await pressAnswer(h, 'admin', { action_id: UserIds.deleteConfirm, value: confirm?.value });
    expect(await exists(userId)).toBe(false);
    expect(await h.services.stores.directory.get('T1', 'USLACKLI')).toBeUndefined();
  });

  it('does not offer to delete your own account', async () => {
    const { post, confirm } = await askToDelete('admin', 'admin');
    expect(post.text).toContain('cannot delete your own');
    expect(confirm).toBeUndefined();
  });

  it('refuses an agent before any confirmation, and at the help desk with a forged one', async () => {
    const { userId } = await admin().createUser({ email: 'kalsin@example.com', username: 'kalsin' });
    const { post, confirm } = await askToDelete('agent', 'kalsin@example.com');
    expect(post.text).toContain('*admin* permission');
    expect(confirm).toBeUndefined();

    const forged = JSON.stringify({ user: { userId, username: 'kalsin', email: 'kalsin@example.com' } });
    const res = await pressAnswer(h, 'agent', { action_id: UserIds.deleteConfirm, value: forged });
    expect(res.post.text).toContain('*admin* permission');
    expect(await exists(userId)).toBe(true);
  });

  it('refuses a regular user', async () => {
    const { post, confirm } = await askToDelete('user', 'kalsin');
    expect(post.text).toContain('The help desk refused');
    expect(confirm).toBeUndefined();
    expect((await admin().userByUsername({ username: 'kalsin' })).Email).toBe('kalsin@example.com');
  });

  it('answers a tampered confirmation without deleting', async () => {
    const res = await pressAnswer(h, 'admin', { action_id: UserIds.deleteConfirm, value: '{"user":{"userId":"all"}}' });
    expect(res.post.text).toContain('out of date');
  });
});

describe('help', () => {
  // Each `user …` sub-command is a route of its own now, so help lists each one.
  const userRoutes = ['user find', 'user list', 'user new', 'user edit', 'user delete', 'user disable', 'user enable', 'user grant', 'user revoke', 'user merge', 'user fields'];

  it('lists the new sub-commands', async () => {
    const blocks = json((await slash('admin', 'help')).blocks);
    for (const usage of userRoutes) expect(blocks).toContain(`/talep ${usage}`);
  });

  it('answers `user` with a missing or unknown word with the user family’s help', async () => {
    for (const text of ['user', 'user frobnicate x', 'users']) {
      const post = await slash('admin', text);
      const blocks = json(post.blocks);
      for (const usage of userRoutes) expect(blocks, text).toContain(`/talep ${usage}`);
      expect(blocks, text).toContain('&lt;email|@user|username&gt;');
      expect(blocks, text).not.toContain('/talep show');
    }
  });
});
