/**
 * `/talep user …` end to end against the sandbox: find (card), new (modal; welcome e-mail in the
 * outbox when asked), disable/enable, grant/revoke per category, merge behind an explicit
 * confirmation, custom fields, and the help desk's refusals for agents and regular users.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { UserIds } from '../../src/views/users/ids.js';
import { NewUserBlocks } from '../../src/views/users/new-user.js';
import { json, modalOpenedBy, modalShowing, slashAnswer, textValue } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true, ephemeral: true })).post;

describe('user find', () => {
  it('shows an admin the card: name, e-mail, role, custom fields, admin buttons', async () => {
    const post = await slash('admin', 'user find user@example.com');
    const blocks = json(post.blocks);
    expect(blocks).toContain('Can Öztürk');
    expect(blocks).toContain('user@example.com');
    expect(blocks).toContain(':bust_in_silhouette: User');
    expect(blocks).toContain('Employee number');
    expect(blocks).toContain('E-1042');
    expect(blocks).toContain(UserIds.cardDisable);
  });

  it('finds a Slack user by their Slack e-mail, for an agent without admin buttons', async () => {
    const post = await slash('agent', 'user find <@UAGENT2|agent2>');
    const blocks = json(post.blocks);
    expect(blocks).toContain('Zeynep Arslan');
    expect(blocks).toContain('Agent (Temsilci)');
    expect(blocks).not.toContain(UserIds.cardDisable);
  });

  it('says when nobody has that e-mail', async () => {
    const post = await slash('admin', 'user find nobody@example.com');
    expect(post.text).toContain('No help-desk user has the e-mail nobody@example.com');
  });

  it('explains the refusal to a regular user', async () => {
    const post = await slash('user', 'user find agent@example.com');
    expect(post.text).toContain('The help desk refused');
    expect(post.text).toContain('*agent* (Temsilci) permission');
  });
});

describe('user new', () => {
  const submit = (person: Person, viewId: string, values: Record<string, unknown>) =>
    h.send.viewSubmission(h.as(person), { callback_id: UserIds.newCallback, id: viewId, values: values as Record<string, Record<string, unknown>> });

  it('opens the modal at once with every CreateUser field', async () => {
    const opens = h.slack.callsTo('views.open').length;
    await h.send.slash(h.as('admin'), 'user new yeni@example.com');
    const open = await h.slack.waitFor(() => h.slack.callsTo('views.open')[opens], 'views.open');
    const view = open.args.view as { callback_id: string; blocks: { block_id?: string }[] };
    expect(view.callback_id).toBe(UserIds.newCallback);
    expect(view.blocks.map((block) => block.block_id)).toEqual(expect.arrayContaining(Object.values(NewUserBlocks)));
    expect(json(view)).toContain('"initial_value":"yeni@example.com"');
  });

  it('answers a bad e-mail inline', async () => {
    const res = await submit('admin', 'V-new-bad', { [NewUserBlocks.email]: textValue('not-an-email') });
    expect(res.body).toEqual({ response_action: 'errors', errors: { [NewUserBlocks.email]: expect.any(String) } });
  });

  it('creates the user with every field and the welcome e-mail when asked', async () => {
    h.sandbox.clearOutbox();
    const res = await submit('admin', 'V-new-1', {
      [NewUserBlocks.email]: { value: { type: 'email_text_input', value: 'yeni@example.com' } },
      [NewUserBlocks.username]: textValue('yeni'),
      [NewUserBlocks.firstName]: textValue('Ece'),
      [NewUserBlocks.lastName]: textValue('Yıldız'),
      [NewUserBlocks.phone]: textValue('+90 555 000 0000'),
      [NewUserBlocks.location]: textValue('İzmir'),
      [NewUserBlocks.company]: textValue('Yeni Şirket'),
      [NewUserBlocks.department]: textValue('Satış'),
      [NewUserBlocks.sendWelcomeEmail]: { value: { type: 'checkboxes', selected_options: [{ value: 'true' }] } },
    });
    expect(res.body).toMatchObject({ response_action: 'update' });
    await modalShowing(h, 'V-new-1', 'Created help-desk user');
    const created = await h.helpdeskAs('admin').userByEmail({ email: 'yeni@example.com' });
    expect(created).toMatchObject({ Username: 'yeni', FirstName: 'Ece' });
    const full = await h.helpdeskAs('admin').getUser({ userId: created.UserID });
    expect(full).toMatchObject({ LastName: 'Yıldız', Phone: '+90 555 000 0000', Location: 'İzmir', CompanyName: 'Yeni Şirket', DepartmentName: 'Satış' });
    expect(h.sandbox.outbox()).toEqual([expect.objectContaining({ to: 'yeni@example.com', kind: 'welcome' })]);
  });

  it('sends no welcome e-mail when the box is not ticked', async () => {
    h.sandbox.clearOutbox();
    await submit('admin', 'V-new-2', { [NewUserBlocks.email]: textValue('sessiz@example.com') });
    await modalShowing(h, 'V-new-2', 'No welcome e-mail was sent');
    expect((await h.helpdeskAs('admin').userByEmail({ email: 'sessiz@example.com' })).Username).toBe('sessiz@example.com');
    expect(h.sandbox.outbox()).toEqual([]);
  });

  it('shows the help desk’s refusal in the form, with the typed values kept', async () => {
    await submit('agent', 'V-new-agent', { [NewUserBlocks.email]: textValue('agentmade@example.com'), [NewUserBlocks.firstName]: textValue('Deniz') });
    const shown = await modalShowing(h, 'V-new-agent', 'admin* permission');
    expect(json(shown.view)).toContain('"initial_value":"Deniz"');
    expect(json(shown.view)).toContain('permission');
    await expect(h.helpdeskAs('admin').userByEmail({ email: 'agentmade@example.com' })).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe('user disable / enable', () => {
  it('disables and enables a user by e-mail', async () => {
    const disabled = await slash('admin', 'user disable <mailto:sessiz@example.com|sessiz@example.com>');
    expect(disabled.text).toContain('Disabled');
    expect((await h.helpdeskAs('admin').userByEmail({ email: 'sessiz@example.com' })).Disabled).toBe(true);
    const enabled = await slash('admin', 'user enable sessiz@example.com');
    expect(enabled.text).toContain('Enabled');
    expect((await h.helpdeskAs('admin').userByEmail({ email: 'sessiz@example.com' })).Disabled).toBe(false);
  });

  it('disables from the card’s button and re-renders the card', async () => {
    const user = await h.helpdeskAs('admin').userByEmail({ email: 'sessiz@example.com' });
    const res = await h.send.blockAction(h.as('admin'), { action_id: UserIds.cardDisable, value: String(user.UserID) });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'the re-rendered card');
    expect(post.replace_original).toBe(true);
    expect(json(post.blocks)).toContain(UserIds.cardEnable);
    expect((await h.helpdeskAs('admin').userByEmail({ email: 'sessiz@example.com' })).Disabled).toBe(true);
  });

  it('enables again from the card’s button, and the card offers Disable', async () => {
    const user = await h.helpdeskAs('admin').userByEmail({ email: 'sessiz@example.com' });
    const res = await h.send.blockAction(h.as('admin'), { action_id: UserIds.cardEnable, value: String(user.UserID) });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'the re-rendered card');
    expect(post.replace_original).toBe(true);
    expect(post.text).toContain('sessiz@example.com');
    expect(json(post.blocks)).toContain('Enabled');
    expect(json(post.blocks)).toContain(UserIds.cardDisable);
    expect((await h.helpdeskAs('admin').userByEmail({ email: 'sessiz@example.com' })).Disabled).toBe(false);
  });

  it('refuses an agent (admin only), and the user stays enabled', async () => {
    const post = await slash('agent', 'user disable user@example.com');
    expect(post.text).toContain('*admin* permission');
    expect((await h.helpdeskAs('admin').userByEmail({ email: 'user@example.com' })).Disabled).toBe(false);
  });
});

describe('user grant / revoke', () => {
  const agentsOfHardware = async () =>
    (await h.helpdeskAs('admin').techsForCategory({ id: SeedIds.categories.hardware }, { fresh: true })).map((user) => user.UserID);

  it('grants agent permission in a category named in any case', async () => {
    const post = await slash('admin', 'user grant <@UUSER> hardware');
    expect(post.text).toContain('now an agent');
    expect(post.text).toContain('Hardware');
    expect(await agentsOfHardware()).toContain(SeedIds.users.user);
  });

  it('revokes it', async () => {
    const post = await slash('admin', 'user revoke user@example.com Hardware');
    expect(post.text).toContain('no longer an agent');
    expect(await agentsOfHardware()).not.toContain(SeedIds.users.user);
  });

  it('lists the category names when the category is unknown', async () => {
    const post = await slash('admin', 'user grant <@UUSER> Plumbing');
    expect(post.text).toContain('no category called');
    expect(post.text).toContain('`Office Supplies`');
  });

  it('refuses a regular user', async () => {
    const post = await slash('user', 'user grant <@UUSER> Hardware');
    expect(post.text).toContain('The help desk refused');
    expect(await agentsOfHardware()).not.toContain(SeedIds.users.user);
  });
});

describe('user merge', () => {
  let fromId: number;

  beforeAll(async () => {
    fromId = (await h.helpdeskAs('admin').createUser({ email: 'kopya@example.com', username: 'kopya' })).userId;
  });

  async function askToMerge() {
    const post = await slash('admin', 'user merge kopya@example.com <@UUSER>');
    const blocks = post.blocks as { elements?: { action_id: string; value?: string }[] }[];
    const buttons = blocks.flatMap((block) => block.elements ?? []);
    return { post, confirm: buttons.find((button) => button.action_id === UserIds.mergeConfirm) };
  }

  it('asks first, saying it is irreversible and what moves; nothing changes yet', async () => {
    const { post, confirm } = await askToMerge();
    expect(json(post.blocks)).toContain('irreversible');
    expect(json(post.blocks)).toContain('taleps');
    expect(confirm?.value).toBeDefined();
    expect((await h.helpdeskAs('admin').getUser({ userId: fromId })).Username).toBe('kopya');
  });

  it('does nothing when cancelled', async () => {
    const res = await h.send.blockAction(h.as('admin'), { action_id: UserIds.mergeCancel, value: 'cancel' });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'cancel answer');
    expect(post.text).toContain('cancelled');
    expect((await h.helpdeskAs('admin').getUser({ userId: fromId })).Username).toBe('kopya');
  });

  it('merges after the confirmation and replaces the question with the result', async () => {
    const { confirm } = await askToMerge();
    const res = await h.send.blockAction(h.as('admin'), { action_id: UserIds.mergeConfirm, value: confirm?.value });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'merge result');
    expect(post.replace_original).toBe(true);
    expect(post.text).toContain('Merged');
    await expect(h.helpdeskAs('admin').getUser({ userId: fromId })).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('ignores a tampered confirmation', async () => {
    const res = await h.send.blockAction(h.as('admin'), { action_id: UserIds.mergeConfirm, value: '{"from":{"userId":"x"}}' });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'refusal');
    expect(post.text).toContain('out of date');
  });

  it('refuses an agent at the help desk even with a valid-looking confirmation', async () => {
    const target = await h.helpdeskAs('admin').createUser({ email: 'kalir@example.com' });
    const value = JSON.stringify({
      from: { userId: target.userId, username: 'kalir', email: 'kalir@example.com' },
      into: { userId: SeedIds.users.user, username: 'user', email: 'user@example.com' },
    });
    const res = await h.send.blockAction(h.as('agent'), { action_id: UserIds.mergeConfirm, value });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl ?? '')[0], 'refusal');
    expect(post.text).toContain('*admin* permission');
    expect((await h.helpdeskAs('admin').getUser({ userId: target.userId })).Email).toBe('kalir@example.com');
  });
});

describe('user custom fields', () => {
  it('edits only the changed fields, by type', async () => {
    const shown = await modalOpenedBy(h, () => h.send.slash(h.as('admin'), 'user fields user@example.com'), 'Employee number');
    const view = shown.view as { private_metadata: string; callback_id: string };
    expect(view.callback_id).toBe(UserIds.fieldsCallback);
    expect(json(view)).toContain('"initial_value":"E-1042"');
    expect(json(view)).toContain('"initial_date":"2024-03-01"');

    const res = await h.send.viewSubmission(h.as('admin'), {
      callback_id: UserIds.fieldsCallback,
      id: shown.id,
      private_metadata: view.private_metadata,
      values: {
        cf_11: textValue('E-2000'),
        cf_12: { value: { type: 'datepicker', selected_date: '2024-03-01' } },
        cf_13: textValue(''),
        cf_14: { value: { type: 'checkboxes', selected_options: [] } },
        cf_15: textValue('Needs a standing desk'),
      },
    });
    expect(res.body).toMatchObject({ response_action: 'update' });
    await modalShowing(h, shown.id, 'Saved');
    const values = Object.fromEntries(
      (await h.helpdeskAs('admin').userCustomFields({ id: SeedIds.users.user })).map((field) => [field.FieldName, field.Value]),
    );
    expect(values).toMatchObject({
      'Employee number': 'E-2000',
      'Start date': '2024-03-01',
      'Remote worker': 'false',
      'Accessibility needs': 'Needs a standing desk',
    });
  });

  it('opens the same form from the card’s Custom fields button', async () => {
    const shown = await modalOpenedBy(
      h,
      () => h.send.blockAction(h.as('admin'), { action_id: UserIds.cardFields, value: String(SeedIds.users.user) }),
      'Employee number',
    );
    expect((shown.view as { callback_id: string }).callback_id).toBe(UserIds.fieldsCallback);
    expect(json(shown.view)).toContain('user@example.com');
  });

  it('refuses a dropdown value that is not an option id, inline', async () => {
    const shown = await modalOpenedBy(h, () => h.send.slash(h.as('admin'), 'user fields <@UUSER>'), 'Employee number');
    const res = await h.send.viewSubmission(h.as('admin'), {
      callback_id: UserIds.fieldsCallback,
      id: shown.id,
      private_metadata: (shown.view as { private_metadata: string }).private_metadata,
      values: { cf_13: textValue('Night') },
    });
    expect(res.body).toEqual({ response_action: 'errors', errors: { cf_13: expect.stringContaining('id') } });
  });

  it('shows an agent the help desk’s refusal when saving', async () => {
    const shown = await modalOpenedBy(h, () => h.send.slash(h.as('agent'), 'user fields user@example.com'), 'Employee number');
    await h.send.viewSubmission(h.as('agent'), {
      callback_id: UserIds.fieldsCallback,
      id: shown.id,
      private_metadata: (shown.view as { private_metadata: string }).private_metadata,
      values: { cf_11: textValue('E-9999') },
    });
    const refused = await modalShowing(h, shown.id, 'admin* permission');
    // The form again, with what was typed kept.
    expect(json(refused.view)).toContain('"initial_value":"E-9999"');
    const values = await h.helpdeskAs('admin').userCustomFields({ id: SeedIds.users.user });
    expect(values.find((field) => field.FieldID === 11)?.Value).toBe('E-2000');
  });
});
