import { describe, expect, it } from 'vitest';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import type { Comment, Talep } from '../../src/api/schemas.js';
import type { Block, ModalView, SlackMessage } from '../../src/views/kit/blocks.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { type CardAudience, type CardViewer, type TalepCardData, talepCard, visibleComments } from '../../src/views/talep-card/card.js';
import { priorityName } from '../../src/domain/priority.js';
import { statusIdOf } from '../../src/domain/status.js';
import { cardChangeValue, parseCardChange, TalepCardIds } from '../../src/views/talep-card/ids.js';
import { CloseIds, closeConfirmation, suppressNotificationFrom } from '../../src/views/talep-work/close.js';
import { commentRecord, talepRecord } from '../support/records.js';
import { longText } from './block-kit-fixtures.js';

const NOW = new Date('2026-02-01T12:00:00Z');
const ROOT = 'https://hd.example.com/helpdesk';

const makeTalep = talepRecord;

let nextCommentId = 1;
const makeComment = (body: string, overrides: Partial<Comment> = {}): Comment => commentRecord(nextCommentId++, body, overrides);

const data = (overrides: Partial<TalepCardData> = {}): TalepCardData => ({
  talep: makeTalep(),
  comments: [makeComment('Public answer'), makeComment('Agents whisper', { ForTechsOnly: true })],
  talepUrlTemplate: `${ROOT}/Ticket/{id}`,
  now: NOW,
  ...overrides,
});

const agent: CardViewer = { helpdeskUserId: 2, role: 'agent', worksOnCategory: true, subscribed: false };
const otherAgent: CardViewer = { helpdeskUserId: 3, role: 'agent', worksOnCategory: false };
const submitter: CardViewer = { helpdeskUserId: 4, role: 'user', worksOnCategory: false };
const ephemeral = (viewer: CardViewer): CardAudience => ({ kind: 'ephemeral', viewer });
const publicSurface: CardAudience = { kind: 'public', sharedBySlackUserId: 'U123' };

interface Element {
  type: string;
  action_id?: string;
  value?: string;
  url?: string;
  option_groups?: { options: { value: string; text: { text: string } }[] }[];
}
const elementsOf = (message: SlackMessage): Element[] =>
  (message.blocks ?? []).flatMap((block) => (block.type === 'actions' ? (block.elements as Element[]) : []));
const actionIds = (message: SlackMessage) => elementsOf(message).map((element) => element.action_id);
const all = (message: SlackMessage | ModalView) => JSON.stringify(message);

describe('talepCard for an agent (ephemeral)', () => {
  const card = talepCard(data(), ephemeral(agent));

  it('shows the fields, the body, attachments and agents-only comments marked as such', () => {
    const text = all(card);
    expect(text).toContain('<https://hd.example.com/helpdesk/Talep/View/12|#12>');
    expect(text).toContain('Printer jams');
    for (const field of ['*Status*', '*Priority*\\nNormal', '*Category*\\nHardware', '*Submitter*\\nuser', '*Assignee*\\n_unassigned_', '`printer`']) {
      expect(text).toContain(field);
    }
    expect(text).toContain('>It jams on every page.');
    expect(text).toContain('<https://hd.example.com/api/attachment?id=1|jam.png>');
    expect(text).toContain('Agents whisper');
    expect(text).toMatch(/:lock: _agents only_\\nAgents whisper/);
    expect(card.text).toBe('Talep #12: Printer jams (New)');
  });

  it('offers every work button, the status/priority select and the links', () => {
    expect(actionIds(card)).toEqual([
      TalepCardIds.comment,
      TalepCardIds.close,
      TalepCardIds.assignToMe,
      TalepCardIds.change,
      TalepCardIds.subscribe,
      TalepCardIds.openLink,
      TalepCardIds.share,
    ]);
    const close = elementsOf(card).find((element) => element.action_id === TalepCardIds.close) as Element & { confirm?: unknown };
    expect(close.confirm).toBeDefined(); // Block Kit asks before closing
    expect(elementsOf(card).every((element) => element.type !== 'button' || element.url || element.value === '12')).toBe(true);
  });

  it('lists in the select the statuses and priorities the talep is not in', () => {
    const select = elementsOf(card).find((element) => element.action_id === TalepCardIds.change);
    const values = select?.option_groups?.flatMap((group) => group.options.map((item) => item.value));
    expect(values).toEqual(['12|status|2', '12|status|3', '12|priority|-1', '12|priority|1', '12|priority|2']);
  });

  it('hides Assign to me when the talep is already the viewer’s, and Comment/Assign outside their categories', () => {
    const mine = talepCard(data({ talep: makeTalep({ AssigneeUserInfo: { UserID: 2, Username: 'agent' } }) }), ephemeral(agent));
    expect(actionIds(mine)).not.toContain(TalepCardIds.assignToMe);
    expect(all(mine)).toContain('*Assignee*\\nagent');
    const outsider = talepCard(data(), ephemeral(otherAgent));
    expect(actionIds(outsider)).not.toContain(TalepCardIds.comment);
    expect(actionIds(outsider)).not.toContain(TalepCardIds.assignToMe);
    expect(actionIds(outsider)).toContain(TalepCardIds.change);
  });

  it('shows Unsubscribe and says so when subscribed', () => {
    const subscribed = talepCard(data(), ephemeral({ ...agent, subscribed: true }));
    expect(actionIds(subscribed)).toContain(TalepCardIds.unsubscribe);
    expect(actionIds(subscribed)).not.toContain(TalepCardIds.subscribe);
    expect(all(subscribed)).toContain('You are subscribed');
  });

  it('drops Close on a closed talep and offers to reopen it', () => {
    const closed = talepCard(data({ talep: makeTalep({ Status: 'Closed', StatusID: 3 }) }), ephemeral(agent));
    expect(actionIds(closed)).not.toContain(TalepCardIds.close);
    const select = elementsOf(closed).find((element) => element.action_id === TalepCardIds.change);
    expect(select?.option_groups?.[0]?.options.map((item) => item.value)).toEqual(['12|status|1', '12|status|2']);
  });

  it('puts a notice above the card', () => {
    const noticed = talepCard(data(), ephemeral(agent), ':white_check_mark: Assigned to you.');
    expect(noticed.blocks?.[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: ':white_check_mark: Assigned to you.' } });
  });
});

describe('talepCard for a regular user', () => {
  const card = talepCard(data(), ephemeral(submitter));

  it('never shows agents-only comments, even if they were handed in', () => {
    expect(all(card)).toContain('Public answer');
    expect(all(card)).not.toContain('Agents whisper');
    expect(all(card)).not.toContain('agents only');
  });

  it('offers only Close, the link and Share on their own talep', () => {
    expect(actionIds(card)).toEqual([TalepCardIds.close, TalepCardIds.openLink, TalepCardIds.share]);
  });

  it('offers no Close or Share on a talep that is not theirs', () => {
    const foreign = talepCard(data({ talep: makeTalep({ SubmitterUserInfo: { UserID: 9, Username: 'someone' } }) }), ephemeral(submitter));
    expect(actionIds(foreign)).not.toContain(TalepCardIds.close);
    expect(actionIds(foreign)).not.toContain(TalepCardIds.share);
  });
});

describe('talepCard outside an ephemeral message', () => {
  it('public: no agents-only comments, no attachments, no work buttons, says who shared it', () => {
    const card = talepCard(data(), publicSurface);
    const text = all(card);
    expect(text).toContain('Public answer');
    expect(text).not.toContain('Agents whisper');
    expect(text).not.toContain('jam.png');
    expect(text).toContain('Attachments are in the help desk');
    expect(text).toContain('Shared by <@U123>');
    expect(actionIds(card)).toEqual([SharedActions.showTalep, TalepCardIds.openLink]);
    expect(card.text).toContain('shared by <@U123>');
  });

  it('public: the comment count does not reveal agents-only comments', () => {
    const many = [1, 2, 3, 4].map((n) => makeComment(`Public ${n}`)).concat(makeComment('Secret', { ForTechsOnly: true }));
    const card = talepCard(data({ comments: many }), publicSurface);
    expect(all(card)).toContain('(3 of 4)');
  });

  it("direct (the app's Messages tab): an agent gets no agents-only comments but keeps the buttons", () => {
    const card = talepCard(data(), { kind: 'direct', viewer: agent });
    expect(all(card)).not.toContain('Agents whisper');
    expect(actionIds(card)).toContain(TalepCardIds.comment);
  });
});

describe('talepCard details', () => {
  it('escapes help-desk text everywhere', () => {
    const card = talepCard(
      data({
        talep: makeTalep({
          Subject: '<!channel> & <b>',
          Body: 'a > b',
          Tags: [{ Name: '<tag>' }],
          CategoryName: 'R&D',
          Attachments: [{ FileName: '<evil>.txt', Url: 'javascript:alert(1)' }],
          SubmitterUserInfo: { UserID: 4, Username: '<@U999>' },
        }),
        comments: [makeComment('<!here> ping', { UserName: 'x<y' })],
      }),
      ephemeral(agent),
    );
    const text = all(card);
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<!here>');
    expect(text).not.toContain('<@U999>');
    expect(text).toContain('&lt;!channel&gt; &amp; &lt;b&gt;');
    expect(text).toContain('>a &gt; b');
    expect(text).toContain('`&lt;tag&gt;`');
    expect(text).toContain('R&amp;D');
    expect(text).toContain('&lt;evil&gt;.txt');
    expect(text).not.toContain('javascript:'); // not linked
    expect(text).toContain('x&lt;y');
  });

  it('links the talep’s own Url, else the configured template (real servers’ rows and records may lack one)', () => {
    expect(all(talepCard(data(), ephemeral(agent)))).toContain('<https://hd.example.com/helpdesk/Talep/View/12|#12>');
    const noUrl = makeTalep();
    delete noUrl.Url;
    const templated = all(talepCard(data({ talep: noUrl }), ephemeral(agent)));
    expect(templated).toContain(`<${ROOT}/Ticket/12|#12>`);
    expect(templated).toContain(`"url":"${ROOT}/Ticket/12"`); // the Open in help desk button
    expect(all(talepCard(data({ talep: makeTalep({ Url: 'javascript:alert(1)' }) }), ephemeral(agent)))).toContain(`<${ROOT}/Ticket/12|#12>`);
  });

  it('names a person the help desk gave only by id (real servers: `AssignedToUserID`) as user #id', () => {
    const card = all(talepCard(data({ talep: makeTalep({ AssigneeUserInfo: { UserID: 5 } }) }), ephemeral(agent)));
    expect(card).toContain('*Assignee*\\nuser #5');
  });

  it('shows the due date in the reader’s zone and marks it overdue while open', () => {
    const due = new Date('2026-01-20T08:00:00Z');
    const overdue = all(talepCard(data({ talep: makeTalep({ DueDate: due }) }), ephemeral(agent)));
    expect(overdue).toContain(`<!date^${due.getTime() / 1000}^`);
    expect(overdue).toContain('_overdue_');
    const closed = all(talepCard(data({ talep: makeTalep({ DueDate: due, StatusID: 3, Status: 'Closed' }) }), ephemeral(agent)));
    expect(closed).not.toContain('_overdue_');
    const future = all(talepCard(data({ talep: makeTalep({ DueDate: new Date('2026-03-01T00:00:00Z') }) }), ephemeral(agent)));
    expect(future).not.toContain('_overdue_');
  });

  it('says "none" for empty fields and "no comments" for an empty history', () => {
    const card = all(talepCard(data({ talep: makeTalep({ Tags: [], Body: '  ', Attachments: [] }), comments: [] }), ephemeral(agent)));
    expect(card).toContain('*Due*\\n_none_');
    expect(card).toContain('*Tags*\\n_none_');
    expect(card).toContain('No comments yet');
    expect(card).not.toContain(':paperclip:');
    expect(card).not.toContain('"text":">');
  });

  it('shows the latest three comments, oldest first, with the count', () => {
    const comments = [1, 2, 3, 4, 5].map((n) => makeComment(`Note ${n}`));
    const card = all(talepCard(data({ comments: [...comments].reverse() }), ephemeral(agent)));
    expect(card).toContain('(3 of 5)');
    expect(card).not.toContain('Note 2');
    expect(card.indexOf('Note 3')).toBeLessThan(card.indexOf('Note 5'));
  });

  it('greys out system comments', () => {
    const card = talepCard(data({ comments: [makeComment('Status changed to Closed.', { IsSystem: true })] }), ephemeral(agent));
    const system = (card.blocks ?? []).find((block) => JSON.stringify(block).includes('Status changed')) as Block;
    expect(system.type).toBe('context');
    expect(JSON.stringify(system)).toContain('_system_');
  });

  it('names a custom priority from the reference list', () => {
    const card = all(talepCard(data({ talep: makeTalep({ Priority: 10 }), priorities: [{ PriorityID: 10, Name: 'VIP' }] }), ephemeral(agent)));
    expect(card).toContain('*Priority*\\nVIP');
    expect(priorityName(10)).toBe('Priority 10');
    expect(priorityName(2)).toBe('Critical');
  });
});

describe('card helpers', () => {
  it('statusIdOf reads the id, else the name', () => {
    expect(statusIdOf({ Status: 'whatever', StatusID: 2 })).toBe(2);
    expect(statusIdOf({ Status: 'Closed' })).toBe(3);
    expect(statusIdOf({ Status: 'Devam Ediyor' })).toBe(2);
    expect(statusIdOf({ Status: 'New' })).toBe(1);
    expect(statusIdOf({ Status: 'Waiting for vendor' })).toBeUndefined();
  });

  it('visibleComments filters by surface', () => {
    const comments = [makeComment('a'), makeComment('b', { ForTechsOnly: true })];
    expect(visibleComments(comments, ephemeral(agent)).map((c) => c.Body)).toEqual(['a', 'b']);
    expect(visibleComments(comments, ephemeral(submitter)).map((c) => c.Body)).toEqual(['a']);
    expect(visibleComments(comments, publicSurface).map((c) => c.Body)).toEqual(['a']);
  });

  it('round-trips the select values and rejects anything else', () => {
    const status = { talepId: 7, kind: 'status', statusId: 2 } as const;
    const priority = { talepId: 7, kind: 'priority', priority: -1 } as const;
    expect(parseCardChange(cardChangeValue(status))).toEqual(status);
    expect(parseCardChange(cardChangeValue(priority))).toEqual(priority);
    for (const bad of [undefined, '', '7|status|9', '0|status|1', '7|owner|2', 'x|status|1', '7|status|1|x']) {
      expect(parseCardChange(bad)).toBeUndefined();
    }
  });
});

describe('closeConfirmation', () => {
  it('asks with the escaped subject, the checkbox and the two buttons', () => {
    const message = closeConfirmation({ id: 8, subject: 'Wi-Fi <2.4 GHz>' });
    const text = all(message);
    expect(text).toContain('Close talep *#8* Wi-Fi &lt;2.4 GHz&gt;?');
    expect(actionIds(message)).toEqual([CloseIds.quiet, CloseIds.confirm, CloseIds.cancel]);
    expect(elementsOf(message).filter((element) => element.type === 'button').map((element) => element.value)).toEqual(['8', '8']);
  });

  it('reads the checkbox from the message state', () => {
    const ticked = { [CloseIds.optionsBlock]: { [CloseIds.quiet]: { selected_options: [{ value: CloseIds.quietValue }] } } };
    expect(suppressNotificationFrom(ticked)).toBe(true);
    expect(suppressNotificationFrom({ [CloseIds.optionsBlock]: { [CloseIds.quiet]: { selected_options: [] } } })).toBe(false);
    expect(suppressNotificationFrom(undefined)).toBe(false);
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const comments = Array.from({ length: 100 }, (_, i) => makeComment(longText(8000), { ForTechsOnly: i % 2 === 0, UserName: longText(120) }));
  const priorities = Array.from({ length: 100 }, (_, i) => ({ PriorityID: 10 + i, Name: longText(200) }));
  const integrations = Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [`Tracker${i}${longText(40).replace(/\W/g, 'x')}IssueUrl`, `https://tracker${i}.example.com/browse/PRJ-${i}?q=${'x'.repeat(300)}`]),
  );
  const talep = makeTalep({
    Subject: longText(1000),
    Body: longText(20_000),
    Priority: 77,
    CategoryName: longText(300),
    Status: longText(200),
    Attachments: Array.from({ length: 60 }, (_, i) => ({ FileName: longText(250), Url: `https://hd.example.com/api/attachment?id=${i}&name=${'x'.repeat(400)}` })),
    Tags: Array.from({ length: 80 }, () => ({ Name: longText(60) })),
    SubmitterUserInfo: { UserID: 4, Username: longText(100) },
    AssigneeUserInfo: { UserID: 2, Username: longText(100) },
    DueDate: new Date('2026-01-01T00:00:00Z'),
    SecondaryAssignees: Array.from({ length: 30 }, (_, i) => ({ UserID: 100 + i, Username: longText(60) })),
  } as Partial<Talep>);
  const big = data({ talep, comments, priorities, integrations });
  const admin: CardViewer = { helpdeskUserId: 1, role: 'admin', worksOnCategory: true, subscribed: true };

  it('keeps every card surface within the limits', () => {
    for (const surface of [ephemeral(agent), ephemeral(otherAgent), ephemeral(submitter), ephemeral(admin), publicSurface]) {
      expect(checkMessage(talepCard(big, surface))).toEqual([]);
    }
  });


  it('keeps the close confirmation within the limits with a very long subject', () => {
    expect(checkMessage(closeConfirmation({ id: 123456789, subject: longText(5000) }))).toEqual([]);
  });
});
