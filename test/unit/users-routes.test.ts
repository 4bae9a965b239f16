import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import type { Category } from '../../src/api/schemas.js';
import { parseEmail, parsePersonRef } from '../../src/commands/users/args.js';
import { readNewUserForm } from '../../src/commands/users/create.js';
import { usersArea } from '../../src/commands/users/index.js';
import { matchCategory } from '../../src/commands/users/permission.js';
import { helpMessage } from '../../src/views/kit/help.js';
import { NewUserBlocks } from '../../src/views/users/new-user.js';
import { resolverOf, routerOf } from '../support/area-routes.js';

const resolve = resolverOf(usersArea);

describe('the user routes', () => {
  it('read find/disable/enable/fields with a mention or an e-mail (Slack-escaped or plain)', () => {
    expect(resolve('user find <@U123|ali>')).toEqual({ path: 'user find', ok: true, value: { kind: 'slack', userId: 'U123' } });
    expect(resolve('user disable <mailto:ali@example.com|ali@example.com>')).toEqual({
      path: 'user disable',
      ok: true,
      value: { kind: 'email', email: 'ali@example.com' },
    });
    expect(resolve('user ENABLE ali@example.com')).toMatchObject({ path: 'user enable', ok: true });
    expect(resolve('user fields <@U1>')).toMatchObject({ path: 'user fields', ok: true });
    expect(resolve('user find Can Öztürk')).toMatchObject({ ok: false, error: expect.stringContaining('user name') });
    expect(resolve('user find <#C1|general>')).toMatchObject({ ok: false });
  });

  it('read anything else that is one word as a help-desk user name (DOMAIN\\name too)', () => {
    expect(resolve('user find ali')).toEqual({ path: 'user find', ok: true, value: { kind: 'username', username: 'ali' } });
    expect(resolve('user find CORP\\ali')).toEqual({ path: 'user find', ok: true, value: { kind: 'username', username: 'CORP\\ali' } });
    expect(resolve('user disable ali')).toMatchObject({ path: 'user disable', ok: true, value: { kind: 'username' } });
    expect(resolve('user merge kopya <@U2>')).toMatchObject({ path: 'user merge', ok: true, value: { from: { kind: 'username', username: 'kopya' } } });
  });

  it('read edit and delete with any way of naming the user, and nothing else', () => {
    expect(resolve('user edit <@U1|ali>')).toEqual({ path: 'user edit', ok: true, value: { kind: 'slack', userId: 'U1' } });
    expect(resolve('user update ali@example.com')).toEqual({ path: 'user edit', ok: true, value: { kind: 'email', email: 'ali@example.com' } });
    expect(resolve('user delete ali')).toEqual({ path: 'user delete', ok: true, value: { kind: 'username', username: 'ali' } });
    expect(resolve('user remove <mailto:a@b.co|a@b.co>')).toMatchObject({ path: 'user delete', ok: true, value: { kind: 'email' } });
    expect(resolve('user delete')).toMatchObject({ ok: false, error: expect.stringContaining('nothing') });
    expect(resolve('user delete ali veli')).toMatchObject({ ok: false });
    expect(resolve('user edit')).toMatchObject({ ok: false });
  });

  it('read list with an optional kind of user and 1-based page, in either order', () => {
    expect(resolve('user list')).toEqual({ path: 'user list', ok: true, value: { mode: 'all', page: 1 } });
    expect(resolve('user list disabled 2')).toEqual({ path: 'user list', ok: true, value: { mode: 'disabled', page: 2 } });
    expect(resolve('user ls 3 Techs')).toEqual({ path: 'user list', ok: true, value: { mode: 'techs', page: 3 } });
    expect(resolve('users list admins page 2')).toEqual({ path: 'user list', ok: true, value: { mode: 'admins', page: 2 } });
    expect(resolve('user list 0')).toMatchObject({ ok: false, error: expect.stringContaining('start at 1') });
    expect(resolve('user list nobody')).toMatchObject({ ok: false, error: expect.stringContaining('`regular`') });
  });

  it('read new with an optional e-mail', () => {
    expect(resolve('user new')).toEqual({ path: 'user new', ok: true, value: {} });
    expect(resolve('user create yeni@example.com')).toEqual({ path: 'user new', ok: true, value: { email: 'yeni@example.com' } });
    expect(resolve('user new nope')).toMatchObject({ ok: false });
  });

  it('read grant/revoke with a category name of several words', () => {
    expect(resolve('user grant <@U1> Office Supplies')).toEqual({
      path: 'user grant',
      ok: true,
      value: { who: { kind: 'slack', userId: 'U1' }, category: 'Office Supplies' },
    });
    expect(resolve('user revoke a@b.co')).toMatchObject({ path: 'user revoke', ok: false, error: expect.stringContaining('Which category') });
  });

  it('read merge and refuse merging someone into themselves', () => {
    expect(resolve('user merge a@b.co <@U2>')).toEqual({
      path: 'user merge',
      ok: true,
      value: { from: { kind: 'email', email: 'a@b.co' }, into: { kind: 'slack', userId: 'U2' } },
    });
    expect(resolve('user merge a@b.co a@b.co')).toMatchObject({ ok: false, error: expect.stringContaining('themselves') });
    expect(resolve('user merge a@b.co')).toMatchObject({ ok: false, error: expect.stringContaining('into whom') });
  });

  it('keep the old aliases of every word', () => {
    for (const [text, path] of [
      ['user show a', 'user find'], ['user lookup a', 'user find'], ['user who a', 'user find'], ['users find a', 'user find'],
      ['user add', 'user new'], ['user custom-fields a', 'user fields'], ['user cf a', 'user fields'],
    ] as const) {
      expect(resolve(text), text).toMatchObject({ path });
    }
  });

  it('answer a missing or unknown word with the family’s help, naming every sub-command', () => {
    expect(resolve('user frobnicate x')).toEqual({ help: true, unknown: 'user frobnicate', family: 'user' });
    expect(resolve('user')).toEqual({ help: true, unknown: 'user', family: 'user' });
    expect(resolve('users')).toEqual({ help: true, unknown: 'users', family: 'users' });
    const help = JSON.stringify(helpMessage(routerOf(usersArea).familyEntries('user'), 'user frobnicate').blocks);
    for (const usage of ['user find &lt;email|@user|username&gt;', 'user list [all|techs|admins|regular|disabled] [page]', 'user new [email]',
      'user edit &lt;who&gt;', 'user delete &lt;who&gt;', 'user disable &lt;who&gt;', 'user enable &lt;who&gt;',
      'user grant &lt;who&gt; &lt;category&gt;', 'user revoke &lt;who&gt; &lt;category&gt;', 'user merge &lt;from&gt; &lt;into&gt;', 'user fields &lt;who&gt;']) {
      expect(help).toContain(`/talep ${usage}`);
    }
  });

  it('small parsers', () => {
    expect(parseEmail(' <mailto:x@y.io> ')).toBe('x@y.io');
    expect(parseEmail('x@y')).toBeUndefined();
    expect(parsePersonRef('<@W9>')).toEqual({ ok: true, value: { kind: 'slack', userId: 'W9' } });
  });
});

describe('matchCategory', () => {
  const categories: Category[] = [
    { CategoryID: 1, Name: 'Hardware', NameWithSection: 'IT Support / Hardware' },
    { CategoryID: 2, Name: 'Software', NameWithSection: 'IT Support / Software' },
    { CategoryID: 4, Name: 'Office Supplies', NameWithSection: 'Facilities / Office Supplies' },
  ];
  it('finds by id, exact name (any case), name with section, prefix and substring', () => {
    expect(matchCategory('#2', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 2 } });
    expect(matchCategory('hardware', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 1 } });
    expect(matchCategory('Facilities / Office Supplies', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 4 } });
    expect(matchCategory('off', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 4 } });
    expect(matchCategory('supplies', categories)).toMatchObject({ kind: 'found', category: { CategoryID: 4 } });
  });

  it('lists the candidates when ambiguous and every name when unknown', () => {
    expect(matchCategory('ware', categories)).toEqual({ kind: 'ambiguous', names: ['Hardware', 'Software'] });
    expect(matchCategory('Network', categories)).toEqual({ kind: 'unknown', names: ['Hardware', 'Software', 'Office Supplies'] });
    expect(matchCategory('9', categories)).toMatchObject({ kind: 'unknown' });
  });
});

describe('readNewUserForm', () => {
  const text = (value: string) => ({ value: { type: 'plain_text_input', value } as ViewStateValue });
  it('collects the typed values and the welcome checkbox', () => {
    const form = readNewUserForm({
      [NewUserBlocks.email]: { value: { type: 'email_text_input', value: 'yeni@example.com' } as ViewStateValue },
      [NewUserBlocks.firstName]: text('Ece'),
      [NewUserBlocks.company]: text(''),
      [NewUserBlocks.sendWelcomeEmail]: { value: { type: 'checkboxes', selected_options: [{ value: 'true' }] } as unknown as ViewStateValue },
    });
    expect(form).toEqual({ ok: true, values: { email: 'yeni@example.com', firstName: 'Ece', sendWelcomeEmail: true } });
  });

  it('answers inline errors for a bad e-mail or a user name with spaces', () => {
    const form = readNewUserForm({ [NewUserBlocks.email]: text('nope'), [NewUserBlocks.username]: text('a b') });
    expect(form).toEqual({ ok: false, errors: { [NewUserBlocks.email]: expect.any(String), [NewUserBlocks.username]: expect.any(String) } });
  });
});
