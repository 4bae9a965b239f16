import { describe, expect, it } from 'vitest';
import { longText, many } from './block-kit-fixtures.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import type { Comment } from '../../src/api/schemas.js';
import type { Block, SlackMessage } from '../../src/views/kit/blocks.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { CARD_EXTRAS, parseCardExtra } from '../../src/views/talep-card/ids.js';
import {
  commentBodyBlockId,
  COMMENT_MAX,
  commentModal,
  CommentModalIds,
  insertTemplate,
  unsavedCommentMessage,
} from '../../src/views/talep-comments/comment-modal.js';
import { commentTooLongText, editCommentModal } from '../../src/views/talep-comments/edit-form.js';
import {
  canEditComment,
  COMMENT_LIST_MAX,
  commentPreview,
  CommentsIds,
  commentsMessage,
  commentsPageValue,
  type CommentsViewer,
  editValue,
  parseCommentsPageValue,
  parseEditValue,
  visibleCommentsNewestFirst,
} from '../../src/views/talep-comments/list.js';

const AGENT = 2;
const USER = 4;

/** Comment `id` at hour `id` of a day, so a higher id is newer. */
function comment(id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    CommentID: id,
    IssueID: 12,
    UserID: AGENT,
    UserName: 'agent',
    Email: 'agent@example.com',
    IsSystem: false,
    ForTechsOnly: false,
    Body: `Comment number ${id}`,
    CommentDate: new Date(Date.UTC(2026, 0, 10, 0, id)),
    ...overrides,
  };
}

const agentViewer: CommentsViewer = { helpdeskUserId: AGENT, agent: true, editsAll: true };
const userViewer: CommentsViewer = { helpdeskUserId: USER, agent: false, editsAll: false };
/** An agent of another category: edits only their own. */
const otherAgent: CommentsViewer = { helpdeskUserId: 3, agent: true, editsAll: false };

const all = (message: SlackMessage) => JSON.stringify(message.blocks);
type Element = { action_id?: string; value?: string; text?: { text: string } };
function elements(message: SlackMessage): Element[] {
  return (message.blocks ?? []).flatMap((block) => {
    const b = block as Block & { elements?: Element[]; accessory?: Element };
    return b.type === 'actions' ? (b.elements ?? []) : b.accessory ? [b.accessory] : [];
  });
}
const withId = (message: SlackMessage, actionId: string) => elements(message).filter((element) => element.action_id === actionId);
const editedIds = (message: SlackMessage) => withId(message, CommentsIds.edit).map((element) => parseEditValue(element.value)?.commentId);

describe('visibility and order', () => {
  const comments = [comment(1), comment(3, { ForTechsOnly: true }), comment(2)];

  it('shows newest first; agents-only comments only to agents', () => {
    expect(visibleCommentsNewestFirst(comments, agentViewer).map((c) => c.CommentID)).toEqual([3, 2, 1]);
    expect(visibleCommentsNewestFirst(comments, userViewer).map((c) => c.CommentID)).toEqual([2, 1]);
  });

  it('never renders an agents-only comment for a regular user, even when the help desk sent it', () => {
    const secret = comment(5, { ForTechsOnly: true, Body: 'Gateway password is hunter2' });
    const forUser = commentsMessage({ talepId: 12, comments: [comment(1), secret], viewer: userViewer, page: 0 });
    expect(all(forUser)).not.toContain('hunter2');
    expect(all(forUser)).not.toContain('agents only');
    expect(forUser.text).toContain('1 comment on talep #12');
    const forAgent = commentsMessage({ talepId: 12, comments: [comment(1), secret], viewer: agentViewer, page: 0 });
    expect(all(forAgent)).toContain('hunter2');
    expect(all(forAgent)).toContain(':lock: _agents only_');
  });

  it('says so when there is nothing to show, without hinting at hidden comments', () => {
    const message = commentsMessage({ talepId: 12, comments: [comment(1, { ForTechsOnly: true })], viewer: userViewer, page: 0 });
    expect(message.text).toBe('Talep #12 has no comments.');
    expect(all(message)).toContain('has no comments yet');
    expect(withId(message, SharedActions.showTalep).map((element) => element.value)).toEqual(['12']);
  });
});

describe('paging', () => {
  const many = Array.from({ length: 23 }, (_, index) => comment(index + 1));
  const page = (n: number) => commentsMessage({ talepId: 12, subject: 'Printer jams', comments: many, viewer: agentViewer, page: n });

  it('shows 10 a page, newest first, with Next on the first page only', () => {
    const first = page(0);
    expect(editedIds(first)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(all(first)).toContain('1–10 of 23');
    expect(all(first)).toContain('page 1 of 3');
    expect(withId(first, CommentsIds.previousPage)).toEqual([]);
    expect(withId(first, CommentsIds.nextPage).map((element) => element.value)).toEqual([commentsPageValue(12, 1)]);
    expect(first.text).toBe('23 comments on talep #12 (page 1 of 3)');
  });

  it('has Previous and Next in the middle, Previous on the last page, and clamps pages out of range', () => {
    const middle = page(1);
    expect(withId(middle, CommentsIds.previousPage).map((element) => element.value)).toEqual(['12|0']);
    expect(withId(middle, CommentsIds.nextPage).map((element) => element.value)).toEqual(['12|2']);
    const last = page(2);
    expect(editedIds(last)).toEqual([3, 2, 1]);
    expect(withId(last, CommentsIds.nextPage)).toEqual([]);
    expect(editedIds(page(99))).toEqual([3, 2, 1]);
    expect(editedIds(page(-4))).toEqual(editedIds(page(0)));
  });

  it('has no paging buttons when everything fits, and keeps the edit buttons pointing at the page', () => {
    const one = commentsMessage({ talepId: 12, comments: many.slice(0, 4), viewer: agentViewer, page: 0 });
    expect(withId(one, CommentsIds.previousPage)).toEqual([]);
    expect(withId(one, CommentsIds.nextPage)).toEqual([]);
    expect(all(one)).not.toContain('page 1 of');
    expect(withId(page(2), CommentsIds.edit).map((element) => element.value)).toContain(editValue(12, 3, 2));
  });

  it('round-trips the button values and refuses forged ones', () => {
    expect(parseCommentsPageValue(commentsPageValue(12, 3))).toEqual({ talepId: 12, page: 3 });
    expect(parseEditValue(editValue(12, 55, 1))).toEqual({ talepId: 12, commentId: 55, page: 1 });
    for (const bad of [undefined, '', '0|1', '12|-1', '12|x', '12|1|2']) expect(parseCommentsPageValue(bad)).toBeUndefined();
    for (const bad of [undefined, '', '12:0:0', '0:5:0', '12:5', '12:5:x', '12:5:0:1']) expect(parseEditValue(bad)).toBeUndefined();
  });
});

describe('Edit buttons', () => {
  const comments = [
    comment(1, { UserID: AGENT }),
    comment(2, { UserID: USER, UserName: 'user' }),
    comment(3, { UserID: 3, UserName: 'agent2', ForTechsOnly: true }),
    comment(4, { UserID: 1, IsSystem: true, UserName: 'admin', Body: 'Status changed.' }),
  ];
  const editable = (viewer: CommentsViewer) =>
    editedIds(commentsMessage({ talepId: 12, comments, viewer, page: 0 })).sort((a, b) => (a ?? 0) - (b ?? 0));

  it('agents of the category and admins edit every comment they see', () => {
    expect(editable(agentViewer)).toEqual([1, 2, 3, 4]);
  });

  it('a regular user edits only their own comments', () => {
    expect(editable(userViewer)).toEqual([2]);
    expect(canEditComment(userViewer, comment(9, { UserID: USER, ForTechsOnly: true }))).toBe(false);
  });

  it('an agent of another category edits only their own', () => {
    expect(editable(otherAgent)).toEqual([3]);
  });
});

describe('rendering a comment', () => {
  it('escapes author and body, shows system comments and Slack dates', () => {
    const message = commentsMessage({
      talepId: 12,
      subject: '<!channel> jam & <b>',
      comments: [
        comment(1, { UserName: '<@U1> & co', Body: 'Use <https://evil|this> & <!here>' }),
        comment(2, { IsSystem: true, Body: 'Status changed to Closed.' }),
      ],
      viewer: userViewer,
      page: 0,
    });
    const text = all(message);
    expect(text).toContain('*&lt;@U1&gt; &amp; co*');
    expect(text).toContain('Use &lt;https://evil|this&gt; &amp; &lt;!here&gt;');
    expect(text).toContain('&lt;!channel&gt; jam &amp; &lt;b&gt;');
    expect(text).not.toContain('<!here>');
    expect(text).toContain(':gear: _system_');
    expect(text).toMatch(/<!date\^\d+\^\{date_short_pretty\} \{time\}\|2026-01-10 00:01 UTC>/);
  });

  it('shortens long bodies at a word, counting the escaped text, and says so', () => {
    const long = `${'word '.repeat(400)}end`;
    const preview = commentPreview(long);
    expect(preview.shortened).toBe(true);
    expect(preview.text.length).toBeLessThanOrEqual(COMMENT_LIST_MAX);
    expect(preview.text).toMatch(/word…$/);
    // 600 ampersands escape to 3000 characters: never cut inside an entity.
    const amps = commentPreview('&'.repeat(600));
    expect(amps.text.length).toBeLessThanOrEqual(COMMENT_LIST_MAX);
    expect(amps.text).toMatch(/^(&amp;)+…$/);
    // Many short lines are shortened too.
    const lines = commentPreview(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
    expect(lines.shortened).toBe(true);
    expect(lines.text.split('\n')).toHaveLength(15);
    expect(commentPreview('  short  ')).toEqual({ text: 'short', shortened: false });

    const message = commentsMessage({ talepId: 12, comments: [comment(1, { Body: long })], viewer: agentViewer, page: 0 });
    expect(all(message)).toContain('_(shortened)_');
    expect(all(message)).toContain('Long comments are shortened here');
  });
});

describe('the edit form', () => {
  const base = { talepId: 12, commentId: 5, body: 'Old text & more', metadata: '{"x":1}' };

  it('prefills the body; agents get the agents-only checkbox reflecting ForTechsOnly', () => {
    const view = editCommentModal({ ...base, agent: true, agentsOnly: true, about: { author: 'agent', date: new Date(0), system: false } });
    expect(view.callback_id).toBe(CommentsIds.editCallback);
    expect(view.private_metadata).toBe('{"x":1}');
    const inputs = view.blocks.filter((block) => block.type === 'input') as unknown as { block_id: string; element: Record<string, unknown> }[];
    expect(inputs.map((block) => block.block_id)).toEqual([CommentsIds.bodyBlock, CommentsIds.privateBlock]);
    expect(inputs[0]?.element).toMatchObject({ type: 'plain_text_input', multiline: true, initial_value: 'Old text & more', max_length: COMMENT_MAX });
    expect(inputs[1]?.element.initial_options).toHaveLength(1);
    const unchecked = editCommentModal({ ...base, agent: true, agentsOnly: false });
    const box = unchecked.blocks.find((block) => block.block_id === CommentsIds.privateBlock) as unknown as { element: Record<string, unknown> };
    expect(box.element.initial_options).toBeUndefined();
  });

  it('has no visibility choice for a regular user, and shows a problem escaped', () => {
    const view = editCommentModal({ ...base, agent: false, agentsOnly: false, problem: 'The help desk refused <b>' });
    expect(view.blocks.some((block) => block.block_id === CommentsIds.privateBlock)).toBe(false);
    expect(JSON.stringify(view.blocks)).toContain('The help desk refused &lt;b&gt;');
  });

  it('explains a comment too long for a Slack form', () => {
    expect(commentTooLongText(12, 4000)).toContain('4000 characters');
  });
});

describe('the card’s More menu', () => {
  it('offers All comments and stays within Slack’s 5 overflow options', () => {
    expect(CARD_EXTRAS).toContain('comments');
    expect(CARD_EXTRAS.length).toBeLessThanOrEqual(5);
    expect(parseCardExtra('comments|12')).toEqual({ extra: 'comments', talepId: 12 });
  });
});

describe('commentModal', () => {
  const metadata = '{"talepId":12}';

  it('for an agent: loading note, body, agents-only checkbox, metadata', () => {
    const view = commentModal({ talepId: 12, agent: true, bodyVersion: 0, metadata });
    expect(view.callback_id).toBe(CommentModalIds.callbackId);
    expect(view.private_metadata).toBe(metadata);
    expect(view.title.text).toBe('Comment on #12');
    expect(JSON.stringify(view)).toContain('Loading comment templates');
    const blockIds = view.blocks.map((block) => block.block_id);
    expect(blockIds).toContain(commentBodyBlockId(0));
    expect(blockIds).toContain(CommentModalIds.privateBlock);
  });

  it('offers the templates once loaded, or says they failed', () => {
    const loaded = commentModal({
      talepId: 12, agent: true, bodyVersion: 0, metadata,
      templates: [{ TemplateId: 1, Name: 'Need info', Body: 'Send a screenshot.' }],
    });
    expect(JSON.stringify(loaded)).toContain('"value":"1"');
    expect(JSON.stringify(loaded)).toContain(CommentModalIds.templateSelect);
    expect(JSON.stringify(loaded)).not.toContain('Loading');
    const failed = commentModal({ talepId: 12, agent: true, bodyVersion: 0, metadata, templates: 'failed' });
    expect(JSON.stringify(failed)).toContain('could not be loaded');
    const none = commentModal({ talepId: 12, agent: true, bodyVersion: 0, metadata, templates: [] });
    expect(JSON.stringify(none)).not.toContain(CommentModalIds.templateSelect);
  });

  it('for a non-agent: no checkbox and no templates', () => {
    const view = commentModal({ talepId: 12, agent: false, bodyVersion: 0, metadata });
    expect(JSON.stringify(view)).not.toContain(CommentModalIds.privateBlock);
    expect(JSON.stringify(view)).not.toContain('template');
  });

  it('renders an inserted template under the new body block, and a problem banner first', () => {
    const view = commentModal({ talepId: 12, agent: true, bodyVersion: 2, metadata, body: 'Hi\n\nTemplate', problem: ':warning: Nope' });
    const body = view.blocks.find((block) => block.block_id === commentBodyBlockId(2)) as { element: { initial_value?: string } };
    expect(body.element.initial_value).toBe('Hi\n\nTemplate');
    expect(JSON.stringify(view.blocks[0])).toContain(':warning: Nope');
  });

  it('inserts a template after the text already written', () => {
    expect(insertTemplate('Hello,  \n', 'Body')).toBe('Hello,\n\nBody');
    expect(insertTemplate(undefined, 'Body')).toBe('Body');
    expect(insertTemplate('x'.repeat(2999), 'Body')).toHaveLength(3000);
  });

  it('gives the unsaved text back, escaped and quoted', () => {
    const message = unsavedCommentMessage(':warning: Refused.', 'line <1>\nline 2');
    expect(message.text).toContain(':warning: Refused.');
    expect(message.text).toContain('>line &lt;1&gt;\n>line 2');
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const comments = many(100, (i) =>
    comment(i + 1, { Body: longText(10_000), UserName: longText(150), ForTechsOnly: i % 3 === 0, IsSystem: i % 7 === 0, UserID: i % 2 === 0 ? AGENT : USER }),
  );

  it('keeps every page of 100 long comments within the limits, for every viewer', () => {
    for (const viewer of [agentViewer, userViewer, otherAgent]) {
      for (let page = 0; page < 11; page += 1) {
        const message = commentsMessage({ talepId: 12, subject: longText(2000), url: `https://hd.example.com/Talep/12?${'x'.repeat(500)}`, comments, viewer, page }, longText(4000));
        expect(checkMessage(message)).toEqual([]);
      }
    }
  });

  it('keeps the edit form within the limits with a body past the comment limit', () => {
    const form = { talepId: 12, commentId: 99, body: longText(COMMENT_MAX * 3), agentsOnly: true, metadata: 'x'.repeat(3000), problem: longText(5000) };
    for (const agent of [true, false]) {
      expect(checkView(editCommentModal({ ...form, agent, about: { author: longText(300), date: new Date(0), system: false } }))).toEqual([]);
    }
  });

  it('keeps the comment form within the limits with 150 templates and a long body', () => {
    const templates = Array.from({ length: 150 }, (_, i) => ({ TemplateId: i + 1, Name: longText(200), Body: longText(5000) }));
    const view = commentModal({ talepId: 12, agent: true, templates, bodyVersion: 7, body: longText(20_000), metadata: 'x'.repeat(3000), problem: longText(5000) });
    expect(checkView(view)).toEqual([]);
  });
});
