import { describe, expect, it } from 'vitest';
import { worded } from '../support/parse-problems.js';
import { parseCommentArgs, parseCommentsArgs } from '../../src/commands/talep-comments/args.js';
import { agentsOnlyFrom, commentBodyFrom, commentMetadataSchema, readCommentForm } from '../../src/commands/talep-comments/comment-form.js';
import { editMetadataSchema, readEditForm } from '../../src/commands/talep-comments/edit-form.js';
import type { StateValues } from '../../src/slack/forms.js';
import { decodeMetadata } from '../../src/slack/metadata.js';
import { FORM_VALUE } from '../../src/views/kit/inputs.js';
import { commentBodyBlockId, CommentModalIds } from '../../src/views/talep-comments/comment-modal.js';
import { CommentsIds } from '../../src/views/talep-comments/list.js';


describe('parseCommentsArgs', () => {
  it('takes a talep id and an optional page counted from 1', () => {
    expect(parseCommentsArgs('12')).toEqual({ ok: true, value: { talepId: 12, page: 0 } });
    expect(parseCommentsArgs('#12 2')).toEqual({ ok: true, value: { talepId: 12, page: 1 } });
    expect(parseCommentsArgs('12 page 3')).toEqual({ ok: true, value: { talepId: 12, page: 2 } });
    expect(parseCommentsArgs('12 p4')).toEqual({ ok: true, value: { talepId: 12, page: 3 } });
  });

  it('refuses a bad id', () => {
    for (const bad of ['', 'abc', '0', '-3', '12abc']) {
      expect(worded(parseCommentsArgs(bad))).toMatchObject({ ok: false, error: expect.stringContaining('Expected a talep id') });
    }
  });

  it('refuses a bad page', () => {
    for (const bad of ['12 0', '12 -1', '12 next', '12 2 3', '12 99999']) {
      expect(worded(parseCommentsArgs(bad))).toMatchObject({ ok: false, error: expect.stringContaining('page number') });
    }
  });
});

describe('the edit form metadata', () => {
  it('reads what the Edit button stored, and refuses anything else', () => {
    const stored = { talepId: 12, commentId: 5, page: 1, responseUrl: 'https://hooks.slack.com/actions/T1/1/x' };
    expect(decodeMetadata(editMetadataSchema, JSON.stringify(stored))).toEqual(stored);
    expect(decodeMetadata(editMetadataSchema, JSON.stringify({ talepId: 12, commentId: 5, page: 0 }))).toEqual({ talepId: 12, commentId: 5, page: 0 });
    for (const bad of ['', 'not json', JSON.stringify({ talepId: 12, page: 0 }), JSON.stringify({ ...stored, responseUrl: 'javascript:alert(1)' })]) {
      expect(decodeMetadata(editMetadataSchema, bad)).toBeUndefined();
    }
  });
});

describe('parseCommentArgs', () => {
  it('reads the id and the text', () => {
    expect(parseCommentArgs('12 Replaced   the toner\nthanks')).toEqual({ ok: true, value: { talepId: 12, agentsOnly: false, text: 'Replaced   the toner\nthanks' } });
  });

  it('reads --private first or last', () => {
    expect(parseCommentArgs('12 --private Vendor case 4471')).toEqual({ ok: true, value: { talepId: 12, agentsOnly: true, text: 'Vendor case 4471' } });
    expect(parseCommentArgs('12 Vendor case 4471 --agents-only')).toEqual({ ok: true, value: { talepId: 12, agentsOnly: true, text: 'Vendor case 4471' } });
    expect(parseCommentArgs('12 use --private flags')).toEqual({ ok: true, value: { talepId: 12, agentsOnly: false, text: 'use --private flags' } });
  });

  it('means "open the modal" without text', () => {
    expect(parseCommentArgs('12')).toEqual({ ok: true, value: { talepId: 12, agentsOnly: false } });
    expect(parseCommentArgs('12 --private')).toEqual({ ok: true, value: { talepId: 12, agentsOnly: true } });
  });

  it('rejects a missing id', () => {
    expect(worded(parseCommentArgs('hello there'))).toMatchObject({ ok: false, error: expect.stringContaining('talep id') });
  });
});

describe('commentMetadataSchema', () => {
  it('accepts what the module writes', () => {
    const metadata = { talepId: 3, agent: true, bodyVersion: 1, responseUrl: 'https://hooks.slack.com/actions/T/1/x', surface: 'ephemeral', channelId: 'C1' };
    expect(commentMetadataSchema.parse(metadata)).toEqual(metadata);
  });

  it('rejects a response URL that is not a web address and bad ids', () => {
    expect(commentMetadataSchema.safeParse({ talepId: 3, agent: true, bodyVersion: 0, responseUrl: 'file:///etc/passwd' }).success).toBe(false);
    expect(commentMetadataSchema.safeParse({ talepId: 0, agent: true, bodyVersion: 0 }).success).toBe(false);
    expect(commentMetadataSchema.safeParse({ talepId: 3, agent: 'yes', bodyVersion: 0 }).success).toBe(false);
  });
});

describe('reading the comment modal', () => {
  it('reads the body from any version of the body block, and the checkbox', () => {
    const values: StateValues = {
      [commentBodyBlockId(3)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: 'text' } },
      [CommentModalIds.privateBlock]: { [CommentModalIds.privateInput]: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text' as const, text: 'Agents only' }, value: CommentModalIds.privateValue }] } },
    };
    expect(commentBodyFrom(values)).toBe('text');
    expect(agentsOnlyFrom(values)).toBe(true);
    expect(agentsOnlyFrom({})).toBe(false);
    expect(commentBodyFrom({})).toBeUndefined();
  });

  const metadata = JSON.stringify({ talepId: 6, agent: true, bodyVersion: 2 });
  const body = (text: string) => ({ [commentBodyBlockId(2)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: text } } });

  it('reads the text and "agents only" of an agent’s form', () => {
    const ticked = {
      ...body('  Moved to Friday. '),
      [CommentModalIds.privateBlock]: { [CommentModalIds.privateInput]: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text' as const, text: 'x' }, value: CommentModalIds.privateValue }] } },
    };
    expect(readCommentForm(metadata, ticked)).toEqual({ ok: true, values: { metadata: JSON.parse(metadata), text: 'Moved to Friday.', agentsOnly: true } });
  });

  it('never reads "agents only" from a form that was not an agent’s', () => {
    const forged = { ...body('x'), [CommentModalIds.privateBlock]: { [CommentModalIds.privateInput]: { type: 'checkboxes', selected_options: [{ text: { type: 'plain_text' as const, text: 'x' }, value: CommentModalIds.privateValue }] } } };
    const reading = readCommentForm(JSON.stringify({ talepId: 6, agent: false, bodyVersion: 2 }), forged);
    expect(reading).toMatchObject({ ok: true, values: { agentsOnly: false } });
  });

  it('answers an empty comment and an unreadable form on the body block', () => {
    expect(readCommentForm(metadata, body('   '))).toEqual({ ok: false, errors: { [commentBodyBlockId(2)]: 'Write the comment first.' } });
    expect(readCommentForm('garbage', body('x'))).toEqual({ ok: false, errors: { [commentBodyBlockId(0)]: 'This form is out of date. Close it and start again.' } });
  });
});

describe('reading the edit form', () => {
  const text = (value: string) => ({ [CommentsIds.bodyBlock]: { [FORM_VALUE]: { type: 'plain_text_input', value } } });
  const box = (ticked: boolean) => ({
    [CommentsIds.privateBlock]: { [FORM_VALUE]: { type: 'checkboxes', selected_options: ticked ? [{ text: { type: 'plain_text' as const, text: 'x' }, value: 'true' }] : [] } },
  });

  it('reads the text, and the visibility only when the form had the checkbox', () => {
    expect(readEditForm({ ...text(' New text '), ...box(true) })).toEqual({ ok: true, values: { text: 'New text', agentsOnly: true } });
    expect(readEditForm({ ...text('New text'), ...box(false) })).toEqual({ ok: true, values: { text: 'New text', agentsOnly: false } });
    expect(readEditForm(text('New text'))).toEqual({ ok: true, values: { text: 'New text', agentsOnly: undefined } });
  });

  it('refuses an empty comment and one longer than a Slack form holds', () => {
    expect(readEditForm(text('  '))).toMatchObject({ ok: false, errors: { [CommentsIds.bodyBlock]: expect.stringContaining('empty comment') } });
    expect(readEditForm(text('x'.repeat(3001)))).toMatchObject({ ok: false, errors: { [CommentsIds.bodyBlock]: 'At most 3000 characters.' } });
  });
});
