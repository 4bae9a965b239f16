import { describe, expect, it } from 'vitest';
import { userListModes } from '../../src/views/users/list.js';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import type { UserRecord } from '../../src/api/schemas.js';
import { UserIds } from '../../src/views/users/ids.js';
import { listBadges, listPageValue, USER_PAGE_SIZE, userListMessage } from '../../src/views/users/list.js';
import { longText, many } from './block-kit-fixtures.js';

const json = (value: unknown) => JSON.stringify(value);
type Element = { action_id?: string; value?: string; type: string };
type AnyBlock = { type: string; elements?: Element[]; accessory?: Element };
const buttons = (blocks: unknown) =>
  (blocks as AnyBlock[]).flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : block.accessory ? [block.accessory] : []));
const withId = (blocks: unknown, id: string) => buttons(blocks).filter((element) => element.action_id === id);

const person = (id: number, extra: Partial<UserRecord> = {}): UserRecord => ({
  UserID: id,
  Username: `person${id}`,
  Email: `person${id}@example.com`,
  IsAdmin: false,
  Disabled: false,
  IsTech: false,
  ...extra,
});
const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => person(from + index));

describe('userListMessage', () => {
  it('shows a row per user (name, user name, e-mail, role) with a Show button carrying the id', () => {
    const message = userListMessage({
      users: [
        person(1, { Username: 'admin', FirstName: 'Ayla', LastName: 'Demir', IsAdmin: true, IsTech: true }),
        person(4, { Username: 'user', FirstName: 'Can <b>', Disabled: true }),
      ],
      mode: 'all',
      page: 1,
    });
    const text = json(message.blocks);
    expect(text).toContain('*Ayla Demir* · `admin`');
    expect(text).toContain(':crown: Admin');
    expect(text).toContain('Can &lt;b&gt;');
    expect(text).toContain(':no_entry_sign: *Disabled*');
    expect(withId(message.blocks, UserIds.listShow).map((button) => button.value)).toEqual(['1', '4']);
    expect(text).toContain('Users 1–2 (the last page)');
    expect(message.text).toContain('2 users');
  });

  it('offers Next only after a full page, Previous only after page 1, each carrying its page', () => {
    const first = userListMessage({ users: page(1, USER_PAGE_SIZE), mode: 'techs', page: 1 });
    expect(withId(first.blocks, UserIds.listPrevious)).toEqual([]);
    expect(withId(first.blocks, UserIds.listNext).map((button) => button.value)).toEqual([listPageValue('techs', 2)]);

    const middle = userListMessage({ users: page(26, USER_PAGE_SIZE), mode: 'techs', page: 2 });
    expect(withId(middle.blocks, UserIds.listPrevious).map((button) => button.value)).toEqual([listPageValue('techs', 1)]);
    expect(withId(middle.blocks, UserIds.listNext).map((button) => button.value)).toEqual([listPageValue('techs', 3)]);
    expect(json(middle.blocks)).toContain('Users 26–50');

    const last = userListMessage({ users: page(51, 3), mode: 'techs', page: 3 });
    expect(withId(last.blocks, UserIds.listNext)).toEqual([]);
    expect(withId(last.blocks, UserIds.listPrevious)).toHaveLength(1);
    expect(json(last.blocks)).toContain('Users 51–53 (the last page)');
  });

  it('says so when a page is empty, with the way back', () => {
    const empty = userListMessage({ users: [], mode: 'disabled', page: 2 });
    expect(json(empty.blocks)).toContain('No users on this page');
    expect(withId(empty.blocks, UserIds.listPrevious)).toHaveLength(1);
    expect(withId(empty.blocks, UserIds.listNext)).toEqual([]);
    const none = userListMessage({ users: [], mode: 'disabled', page: 1 });
    expect(json(none.blocks)).toContain('No help-desk users match');
    expect(buttons(none.blocks)).toEqual([]);
  });

  it('stays within Slack’s 50 blocks on a full page and names the kind of list', () => {
    const message = userListMessage({ users: page(1, USER_PAGE_SIZE), mode: 'regular', page: 1 });
    expect(message.blocks?.length).toBeLessThanOrEqual(50);
    expect(json(message.blocks)).toContain('Regular users');
  });
});

describe('listBadges', () => {
  it('marks admins, agents, users and disabled accounts; says nothing it does not know', () => {
    expect(listBadges({ IsAdmin: true, IsTech: true, Disabled: false })).toBe(':crown: Admin');
    expect(listBadges({ IsAdmin: false, IsTech: true, Disabled: true })).toBe(':hammer_and_wrench: Agent · :no_entry_sign: *Disabled*');
    expect(listBadges({ IsAdmin: false, IsTech: false, Disabled: false })).toBe(':bust_in_silhouette: User');
    expect(listBadges({ IsAdmin: false, Disabled: false })).toBe('');
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  it('keeps a full page of long names within the limits, on every page and in every mode', () => {
    const users = many(USER_PAGE_SIZE, (i) => person(100_000 + i, { Username: longText(100), Email: `${'x'.repeat(200)}@example.com`, FirstName: longText(100), LastName: longText(100), IsAdmin: i % 2 === 0, IsTech: i % 3 === 0, Disabled: i % 5 === 0 }));
    for (const mode of userListModes) {
      for (const pageNumber of [1, 2, 400]) expect(checkMessage(userListMessage({ users, mode, page: pageNumber }))).toEqual([]);
      expect(checkMessage(userListMessage({ users: [], mode, page: 3 }))).toEqual([]);
    }
  });
});
