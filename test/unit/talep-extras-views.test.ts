import { describe, expect, it } from 'vitest';
import { customFieldsModal } from '../../src/views/custom-fields/form.js';
import { rowActionId, rowActionPattern } from '../../src/views/kit/blocks.js';
import { longText, many } from './block-kit-fixtures.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import type { Talep, UserListItem } from '../../src/api/schemas.js';
import type { SlackMessage } from '../../src/views/kit/blocks.js';
import type { RecordField } from '../../src/views/custom-fields/form.js';
import { type CardViewer, type TalepCardData, talepCard, trackerLinks } from '../../src/views/talep-card/card.js';
import { CARD_EXTRAS, cardExtraValue, parseCardExtra, TalepCardIds } from '../../src/views/talep-card/ids.js';
import { fieldValueText, talepFieldsMessage } from '../../src/views/talep-extras/fields.js';
import { ExtrasIds } from '../../src/views/talep-extras/ids.js';
import { secondaryAssigneeOffText, taggedNotice, tagsMissingText, tagsReplacedNotice } from '../../src/views/talep-extras/notices.js';
import { subscribersMessage } from '../../src/views/talep-extras/subscribers.js';

interface Element {
  type: string;
  action_id?: string;
  value?: string;
  style?: string;
  confirm?: { text: { text: string } };
  options?: { value: string; text: { text: string } }[];
}
interface AnyBlock {
  type: string;
  block_id?: string;
  elements?: Element[];
  accessory?: Element;
  fields?: { text: string }[];
}

const blocksOf = (message: SlackMessage) => (message.blocks ?? []) as unknown as AnyBlock[];
const elements = (message: SlackMessage): Element[] =>
  blocksOf(message).flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : block.accessory ? [block.accessory] : []));
const withId = (message: SlackMessage, actionId: string) => elements(message).filter((element) => element.action_id === actionId);
/** A per-row button (`rowActionId(base, key)`): every row's element, in order. */
const rowsWithId = (message: SlackMessage, base: string) => elements(message).filter((element) => rowActionPattern(base).test(element.action_id ?? ''));
const all = (message: unknown) => JSON.stringify(message);

// ── subscribers ─────────────────────────────────────────────────────────────────────────────────

describe('subscribersMessage', () => {
  const zeynep: UserListItem = { UserID: 3, Username: 'agent2', Email: 'agent2@example.com', FirstName: 'Zeynep', LastName: 'Arslan' };
  const odd: UserListItem = { UserID: 7, Username: '<b>', FirstName: null, LastName: null };

  it('lists names, user names and e-mails, escaped', () => {
    const message = subscribersMessage({ talepId: 2, subscribers: [zeynep, odd], viewerId: 2, viewerIsSubmitter: false });
    expect(all(message)).toContain('• *Zeynep Arslan* (`agent2`) · agent2@example.com');
    expect(all(message)).toContain('*&lt;b&gt;* (`&lt;b&gt;`)');
    expect(message.text).toBe('Subscribers of talep #2: 2');
  });

  it('offers Subscribe me, Unsubscribe me, or nothing to the submitter', () => {
    const outsider = subscribersMessage({ talepId: 2, subscribers: [zeynep], viewerId: 2, viewerIsSubmitter: false });
    expect(withId(outsider, ExtrasIds.subscribe).map((element) => element.value)).toEqual(['2']);
    const subscribed = subscribersMessage({ talepId: 2, subscribers: [zeynep], viewerId: 3, viewerIsSubmitter: false });
    expect(withId(subscribed, ExtrasIds.unsubscribe)).toHaveLength(1);
    expect(withId(subscribed, ExtrasIds.subscribe)).toHaveLength(0);
    const submitter = subscribersMessage({ talepId: 2, subscribers: [], viewerId: 4, viewerIsSubmitter: true });
    expect(elements(submitter)).toEqual([]);
    expect(all(submitter)).toContain('Nobody is subscribed to talep #2.');
  });
});

// ── custom fields ───────────────────────────────────────────────────────────────────────────────

describe('custom fields', () => {
  const field = (overrides: Partial<RecordField>): RecordField => ({ id: 1, name: 'Field', type: 1, mandatory: false, current: null, ...overrides });

  it('reads values by type: checkboxes as Yes/No, unset as not set, text escaped', () => {
    expect(fieldValueText(field({ type: 4, current: 'true' }))).toBe('Yes');
    expect(fieldValueText(field({ type: 4, current: 'false' }))).toBe('No');
    expect(fieldValueText(field({ type: 4, current: null }))).toBe('No');
    expect(fieldValueText(field({ type: 2, current: null }))).toBe('_not set_');
    expect(fieldValueText(field({ type: 1, current: 'a <b> & c' }))).toBe('a &lt;b&gt; &amp; c');
  });

  it('lists the fields with Edit for those who may change them', () => {
    const fields = [field({ id: 3, name: 'Environment', type: 3, current: 'Production', mandatory: true }), field({ id: 2, name: 'Needed by', type: 2 })];
    const message = talepFieldsMessage({ talepId: 3, subject: 'Excel <crashes>', fields, canEdit: true });
    expect(all(message)).toContain('Excel &lt;crashes&gt;');
    expect(all(message)).toContain('*Environment* _(required)_\\nProduction');
    expect(all(message)).toContain('*Needed by*\\n_not set_');
    expect(withId(message, ExtrasIds.editFields).map((element) => element.value)).toEqual(['3']);
    expect(withId(talepFieldsMessage({ talepId: 3, subject: 'x', fields, canEdit: false }), ExtrasIds.editFields)).toEqual([]);
  });

  it('puts at most 10 fields in a fields section, and says when there are none', () => {
    const many = Array.from({ length: 12 }, (_, index) => field({ id: index + 1, name: `F${index + 1}` }));
    const sections = blocksOf(talepFieldsMessage({ talepId: 1, subject: 's', fields: many, canEdit: false })).filter((block) => block.fields);
    expect(sections.map((block) => block.fields?.length)).toEqual([10, 2]);
    const none = talepFieldsMessage({ talepId: 1, subject: 's', fields: [], canEdit: true });
    expect(all(none)).toContain('no custom fields');
    expect(elements(none)).toEqual([]);
  });
});

// ── tags and secondary assignees ────────────────────────────────────────────────────────────────

describe('tag and secondary-assignee texts', () => {
  it('quote tags as code, escaped', () => {
    expect(taggedNotice(5, ['a<b', 'x`y'])).toBe(":label: Tagged #5 with `a&lt;b`, `x'y`.");
    expect(tagsReplacedNotice(5, [])).toContain('has no tags now');
    expect(tagsMissingText(5, ['zz'], ['printer'])).toContain('Its tags: `printer`');
    expect(tagsMissingText(5, ['zz'], [])).toContain('It has no tags.');
  });

  it('names the setting when secondary assignees are off', () => {
    expect(secondaryAssigneeOffText).toContain("the help desk's secondary-assignee setting is off");
    expect(secondaryAssigneeOffText).toContain('AllowSecondaryAssignee');
  });
});

// ── the card's additions: "More", tracker links, secondary assignees ───────────────────────────

describe('talep card extras', () => {
  const talep: Talep = {
    TalepID: 3,
    Subject: 'Excel crashes',
    Body: '',
    Status: 'New',
    StatusID: 1,
    Priority: 0,
    CategoryName: 'Software',
    Attachments: [],
    Tags: [],
    SubmitterUserInfo: { UserID: 4, Username: 'user' },
    AssigneeUserInfo: { UserID: 3, Username: 'agent2' },
    DueDate: null,
    ResolvedDate: null,
    TimeSpentInSeconds: 0,
    UpdatedByPerformer: false,
    SecondaryAssignees: [{ UserID: 2, Username: 'agent' }, { UserID: 5, Username: '<x>' }],
  };
  const data: TalepCardData = {
    talep,
    comments: [],
    talepUrlTemplate: 'https://hd.example.com/Talep/{id}',
    now: new Date('2026-02-01T00:00:00Z'),
    integrations: {
      JiraIssueUrl: 'https://jira.example.com/browse/SW-7',
      GitHubIssueUrl: null,
      EvilIssueUrl: 'javascript:alert(1)',
      PipeIssueUrl: 'https://x.example.com/a|b',
      Unrelated: 'https://example.com',
    },
  };
  const viewer: CardViewer = { helpdeskUserId: 4, role: 'user', worksOnCategory: false };

  it('keeps only set, plain web links of `<Tracker>IssueUrl` fields', () => {
    expect(trackerLinks(data.integrations)).toEqual([{ tracker: 'Jira', url: 'https://jira.example.com/browse/SW-7' }]);
    expect(trackerLinks(undefined)).toEqual([]);
  });

  it('links the tracker issues on private cards, not on public ones', () => {
    const card = talepCard(data, { kind: 'ephemeral', viewer });
    expect(all(card)).toContain(':link: Linked issues: <https://jira.example.com/browse/SW-7|Jira SW-7>');
    expect(all(card)).not.toContain('javascript');
    const shared = talepCard(data, { kind: 'public', sharedBySlackUserId: 'U1' });
    expect(all(shared)).not.toContain('jira.example.com');
  });

  it('shows the secondary assignees, escaped', () => {
    expect(all(talepCard(data, { kind: 'ephemeral', viewer }))).toContain('*Also assigned*\\nagent, &lt;x&gt;');
    const without = talepCard({ ...data, talep: { ...talep, SecondaryAssignees: [] } }, { kind: 'ephemeral', viewer });
    expect(all(without)).not.toContain('Also assigned');
  });

  it('has a More menu on private cards with every extra, and none on public cards', () => {
    const card = talepCard(data, { kind: 'direct', viewer });
    const [more] = withId(card, TalepCardIds.extras);
    expect(more?.type).toBe('overflow');
    expect(more?.options?.map((choice) => choice.value)).toEqual(CARD_EXTRAS.map((extra) => cardExtraValue(extra, 3)));
    expect(withId(talepCard(data, { kind: 'public', sharedBySlackUserId: 'U1' }), TalepCardIds.extras)).toEqual([]);
  });

  it('parses the More values and refuses unknown ones', () => {
    expect(parseCardExtra('files|12')).toEqual({ extra: 'files', talepId: 12 });
    for (const bad of [undefined, '', 'files|0', 'delete|12', 'files|x', 'files|12|1']) expect(parseCardExtra(bad)).toBeUndefined();
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const person = (i: number): UserListItem => ({ UserID: 100 + i, Username: longText(60), Email: `${'x'.repeat(200)}@example.com`, FirstName: longText(80), LastName: longText(80) });
  const dropdown = many(150, (i) => ({ id: i + 1, name: `${i + 1} ${longText(120)}` }));
  const fields: RecordField[] = many(120, (i) => ({
    id: i + 1,
    name: longText(300),
    type: (i % 5) + 1,
    mandatory: i % 2 === 0,
    ...(i % 5 === 2 ? { options: dropdown } : {}),
    current: i % 5 === 2 ? dropdown[130]!.name : longText(5000),
  }));

  it('keeps 200 subscribers within the limits, for every viewer', () => {
    const subscribers = many(200, person);
    for (const viewerId of [100, 2]) {
      for (const viewerIsSubmitter of [true, false]) {
        expect(checkMessage(subscribersMessage({ talepId: 2, subscribers, viewerId, viewerIsSubmitter }, longText(4000)))).toEqual([]);
      }
    }
  });

  it('keeps 120 long custom fields within the limits, as a message and as the edit form', () => {
    expect(checkMessage(talepFieldsMessage({ talepId: 3, subject: longText(2000), fields, canEdit: true }, longText(4000)))).toEqual([]);
    const form = { callbackId: ExtrasIds.fieldsCallback, title: longText(100), subject: longText(4000), fields, metadata: 'x'.repeat(3000), problem: longText(5000), note: longText(5000) };
    expect(checkView(customFieldsModal(form))).toEqual([]);
  });

  it('keeps a dropdown value past the first 100 options selectable (Slack lists 100, and the initial option must be one of them)', () => {
    const [dropdownField] = fields.filter((field) => field.type === 3);
    const view = customFieldsModal({ callbackId: 'cb', title: 'Fields', subject: 's', fields: [dropdownField!], metadata: '' });
    const select = (view.blocks[1] as { element: { options: { value: string }[]; initial_option?: { value: string } } }).element;
    expect(select.options).toHaveLength(100);
    expect(select.initial_option?.value).toBe('131');
    expect(select.options.map((choice) => choice.value)).toContain('131');
  });

});
