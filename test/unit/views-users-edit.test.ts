import { describe, expect, it } from 'vitest';
import { checkView } from '../../src/slack/block-kit-limits.js';
import type { UserFull } from '../../src/api/schemas.js';
import { UserEditBlocks, userEditModal, userEditValues, userSavedView } from '../../src/views/users/edit.js';
import { UserIds } from '../../src/views/users/ids.js';
import { longText } from './block-kit-fixtures.js';

const json = (value: unknown) => JSON.stringify(value);
type AnyBlock = { block_id?: string; type: string; optional?: boolean; element?: Record<string, unknown> };
const element = (blocks: unknown, id: string) => (blocks as AnyBlock[]).find((block) => block.block_id === id)?.element;

const full: UserFull = {
  UserID: 4,
  Username: 'user',
  Email: 'user@example.com',
  IsAdmin: false,
  Disabled: false,
  FirstName: 'Can',
  LastName: 'Öztürk',
  Phone: '+90 212 555 0104',
  Location: 'Istanbul, floor 3',
  Notes: 'Prefers e-mail',
  CompanyName: 'Acme Lojistik A.Ş.',
  DepartmentName: 'Finance',
  Signature: 'Can\nFinance',
  Greeting: 'Merhaba #FirstName#,',
  OutOfOffice: true,
  EnableEmailNotifications: true,
};

const form = (user: UserFull, problem?: string) =>
  userEditModal({ userId: user.UserID, subject: '*user* (user@example.com)', values: userEditValues(user), metadata: '{"id":4}', ...(problem ? { problem } : {}) });

describe('userEditModal', () => {
  it('has an input for every UpdateUser field, user name and e-mail required', () => {
    const view = form(full);
    for (const blockId of Object.values(UserEditBlocks)) expect(element(view.blocks, blockId), blockId).toBeDefined();
    const blocks = view.blocks as AnyBlock[];
    expect(blocks.find((block) => block.block_id === UserEditBlocks.username)?.optional).toBe(false);
    expect(blocks.find((block) => block.block_id === UserEditBlocks.email)?.optional).toBe(false);
    expect(blocks.find((block) => block.block_id === UserEditBlocks.company)?.optional).toBe(true);
    expect(view.callback_id).toBe(UserIds.editCallback);
    expect(view.private_metadata).toBe('{"id":4}');
    expect(view.submit).toBeDefined();
  });

  it('is prefilled from GET /User: texts, company and department names, switches; never the password', () => {
    const view = form(full);
    expect(element(view.blocks, UserEditBlocks.username)).toMatchObject({ initial_value: 'user' });
    expect(element(view.blocks, UserEditBlocks.email)).toMatchObject({ type: 'email_text_input', initial_value: 'user@example.com' });
    expect(element(view.blocks, UserEditBlocks.lastName)).toMatchObject({ initial_value: 'Öztürk' });
    expect(element(view.blocks, UserEditBlocks.phone)).toMatchObject({ initial_value: '+90 212 555 0104' });
    expect(element(view.blocks, UserEditBlocks.company)).toMatchObject({ initial_value: 'Acme Lojistik A.Ş.' });
    expect(element(view.blocks, UserEditBlocks.department)).toMatchObject({ initial_value: 'Finance' });
    expect(element(view.blocks, UserEditBlocks.notes)).toMatchObject({ multiline: true, initial_value: 'Prefers e-mail' });
    expect(element(view.blocks, UserEditBlocks.signature)).toMatchObject({ multiline: true, initial_value: 'Can\nFinance' });
    expect(element(view.blocks, UserEditBlocks.greeting)).toMatchObject({ initial_value: 'Merhaba #FirstName#,' });
    expect(element(view.blocks, UserEditBlocks.password)).not.toHaveProperty('initial_value');
    expect(element(view.blocks, UserEditBlocks.outOfOffice)).toMatchObject({ type: 'checkboxes', initial_options: [{ value: 'true' }] });
    expect(element(view.blocks, UserEditBlocks.enableEmailNotifications)).toHaveProperty('initial_options');
    expect(element(view.blocks, UserEditBlocks.isAdmin)).toMatchObject({ type: 'checkboxes' });
    expect(element(view.blocks, UserEditBlocks.isAdmin)).not.toHaveProperty('initial_options');
    expect(json(view.blocks)).toContain('#FirstName# is replaced');
  });

  it('offers Yes / No / leave for a switch the help desk did not report', () => {
    const view = form({ ...full, EnableEmailNotifications: undefined });
    const select = element(view.blocks, UserEditBlocks.enableEmailNotifications);
    expect(select).toMatchObject({ type: 'static_select', options: [{ value: 'true' }, { value: 'false' }] });
    expect(select).not.toHaveProperty('initial_option');
  });

  it('shows a problem above the form, escaped', () => {
    expect(json(form(full, 'E-mail <taken>').blocks)).toContain(':warning: E-mail &lt;taken&gt;');
  });
});

describe('userSavedView', () => {
  it('names the saved fields and the user', () => {
    const view = userSavedView('*user* (user@example.com)', ['phone', 'isAdmin'], 'The updated card is in the conversation.');
    expect(json(view.blocks)).toContain('Saved *Phone*, *Administrator* for *user* (user@example.com)');
    expect(view.submit).toBeUndefined();
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  it('keeps the edit form and its result within the limits with every field at its longest', () => {
    const long: UserFull = {
      ...full,
      Username: longText(500),
      Email: `${'x'.repeat(300)}@example.com`,
      FirstName: longText(500),
      LastName: longText(500),
      Phone: longText(500),
      Location: longText(5000),
      Notes: longText(20_000),
      CompanyName: longText(500),
      DepartmentName: longText(500),
      Signature: longText(20_000),
      Greeting: longText(5000),
    };
    const view = userEditModal({ userId: 123456789, subject: longText(5000), values: userEditValues(long), metadata: 'x'.repeat(3000), problem: longText(5000) });
    expect(checkView(view)).toEqual([]);
    expect(checkView(userSavedView(longText(5000), Object.keys(UserEditBlocks) as (keyof typeof UserEditBlocks)[], longText(5000)))).toEqual([]);
  });
});
