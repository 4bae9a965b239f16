/**
 * Working a talep end to end: comment (text, --private, the modal with templates, from a card), close
 * (confirmation with and without the notification, the card's Close), assign, status, priority, due, the
 * card's work buttons; each checked in the sandbox and in what Slack received.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { CloseIds } from '../../src/views/talep-work/close.js';
import { CommentModalIds, commentBodyBlockId } from '../../src/views/talep-comments/comment-modal.js';
import { TalepCardIds } from '../../src/views/talep-card/ids.js';
import { json, nextCall, type Post, pressAnswer, slashAnswer } from '../support/e2e.js';
import { type Person, people } from '../support/harness.js';

const h = useHarness();

interface View {
  callback_id?: string;
  private_metadata?: string;
  blocks?: { type: string; block_id?: string; element?: { initial_value?: string }; elements?: { action_id?: string; options?: unknown[] }[] }[];
}

const slash = (person: Person, text: string) => slashAnswer(h, person, text);
const press = (person: Person, action: Record<string, unknown> & { action_id: string }) => pressAnswer(h, person, action);
const talep = (id: number) => h.helpdeskAs('admin').getTalep({ id });
const comments = (id: number) => h.helpdeskAs('admin').comments({ id });
const closeMails = (talepId: number) => h.sandbox.outbox().filter((mail) => mail.kind === 'talep-closed' && mail.talepId === talepId);


describe('comment', () => {
  it('adds a public comment and answers with the refreshed card', async () => {
    const { post } = await slash('agent', 'comment 1 Replaced the <https://example.com/roller|roller> &amp; tested');
    expect(post.response_type).toBe('ephemeral');
    expect(json(post)).toContain('Comment added to #1');
    const added = (await comments(1)).at(-1);
    expect(added?.Body).toBe('Replaced the roller (https://example.com/roller) & tested');
    expect(added?.ForTechsOnly).toBe(false);
    expect(added?.UserID).toBe(SeedIds.users.agent);
  });

  it('adds an agents-only comment with --private', async () => {
    const { post } = await slash('agent', 'comment 1 --private Vendor ticket 4471');
    const added = (await comments(1)).at(-1);
    expect(added?.Body).toBe('Vendor ticket 4471');
    expect(added?.ForTechsOnly).toBe(true);
    expect(json(post)).toContain('agents only');
    // The submitter's card never shows it.
    const mine = await slash('user', 'show 1');
    expect(json(mine.post)).not.toContain('Vendor ticket 4471');
  });

  it('refuses a regular user, who may not comment in this help desk', async () => {
    const before = (await comments(1)).length;
    const { post } = await slash('user', 'comment 1 any news?');
    expect(post.text).toContain('only the talep');
    expect(await comments(1)).toHaveLength(before);
  });

  it('opens the modal at once, loads templates, and confirms in the channel after submit', async () => {
    const opens = h.slack.callsTo('views.open').length;
    const updates = h.slack.callsTo('views.update').length;
    await h.send.slash(h.as('agent'), 'comment 6');
    const open = await nextCall(h, 'views.open', opens);
    const opened = open.args.view as View;
    expect(opened.callback_id).toBe(CommentModalIds.callbackId);
    expect(json(opened)).toContain('Loading comment templates');
    // The templates arrive with views.update on the same view.
    const update = await nextCall(h, 'views.update', updates);
    const loaded = update.args.view as View;
    expect(json(loaded)).toContain('Need more information');

    const ephemerals = h.slack.callsTo('chat.postEphemeral').length;
    const ack = await h.send.viewSubmission(h.as('agent'), {
      callback_id: CommentModalIds.callbackId,
      private_metadata: loaded.private_metadata ?? '',
      values: {
        [commentBodyBlockId(0)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: 'Maintenance window moved to Friday.' } },
        [CommentModalIds.privateBlock]: {
          [CommentModalIds.privateInput]: { type: 'checkboxes', selected_options: [{ value: CommentModalIds.privateValue }] },
        },
      },
    });
    expect(ack.status).toBe(200);
    const confirmation = await nextCall(h, 'chat.postEphemeral', ephemerals);
    expect(confirmation.args.channel).toBe('C1');
    expect(confirmation.args.user).toBe(people.agent.userId);
    expect(json(confirmation.args)).toContain('Comment added to #6');
    const added = (await comments(6)).at(-1);
    expect(added?.Body).toBe('Maintenance window moved to Friday.');
    expect(added?.ForTechsOnly).toBe(true);
  });

  it('answers an empty submission inline and adds nothing', async () => {
    const before = (await comments(6)).length;
    const ack = await h.send.viewSubmission(h.as('agent'), {
      callback_id: CommentModalIds.callbackId,
      private_metadata: JSON.stringify({ talepId: 6, agent: true, bodyVersion: 0 }),
      values: { [commentBodyBlockId(0)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: '   ' } } },
    });
    expect(ack.body).toEqual({ response_action: 'errors', errors: { [commentBodyBlockId(0)]: 'Write the comment first.' } });
    expect(await comments(6)).toHaveLength(before);
  });

  it('inserts a template after what was already typed, under a new body block', async () => {
    const updates = h.slack.callsTo('views.update').length;
    const metadata = JSON.stringify({ talepId: 6, agent: true, bodyVersion: 0 });
    await h.send.blockAction(
      h.as('agent'),
      { action_id: CommentModalIds.templateSelect, type: 'static_select', selected_option: { value: '1' } },
      {
        view: {
          id: 'V-comment',
          hash: 'h-1',
          callback_id: CommentModalIds.callbackId,
          private_metadata: metadata,
          state: { values: { [commentBodyBlockId(0)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: 'Hello,' } } } },
        },
      },
    );
    const update = await nextCall(h, 'views.update', updates);
    expect(update.args.view_id).toBe('V-comment');
    const view = update.args.view as View;
    const body = view.blocks?.find((block) => block.block_id === commentBodyBlockId(1));
    expect(body?.element?.initial_value).toBe('Hello,\n\nCould you send a screenshot of the error and the time it happened?');
    expect(JSON.parse(view.private_metadata ?? '{}')).toMatchObject({ talepId: 6, bodyVersion: 1 });
  });

  it("from a card's Comment button re-renders that card after the submission", async () => {
    const opens = h.slack.callsTo('views.open').length;
    const res = await h.send.blockAction(h.as('agent'), { action_id: TalepCardIds.comment, value: '7' });
    const open = await nextCall(h, 'views.open', opens);
    const metadata = (open.args.view as View).private_metadata ?? '';
    expect(JSON.parse(metadata)).toMatchObject({ talepId: 7, responseUrl: res.responseUrl });

    await h.send.viewSubmission(h.as('agent'), {
      callback_id: CommentModalIds.callbackId,
      private_metadata: metadata,
      values: { [commentBodyBlockId(0)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: 'Firmware 17.9 installed.' } } },
    });
    const post = await h.slack.waitFor(() => h.slack.postsTo(res.responseUrl as string)[0]);
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('Comment added to #7');
    expect(json(post)).toContain('Firmware 17.9 installed.');
    expect((await comments(7)).at(-1)).toMatchObject({ Body: 'Firmware 17.9 installed.', ForTechsOnly: false });
  });

  it('gives the text back when the help desk refuses the comment', async () => {
    const ephemerals = h.slack.callsTo('chat.postEphemeral').length;
    await h.send.viewSubmission(h.as('agent2'), {
      callback_id: CommentModalIds.callbackId,
      // agent2 is no agent of Hardware (talep 1)
      private_metadata: JSON.stringify({ talepId: 1, agent: true, bodyVersion: 0, channelId: 'C1' }),
      values: { [commentBodyBlockId(0)]: { [CommentModalIds.bodyInput]: { type: 'plain_text_input', value: 'My long careful answer' } } },
    });
    const answer = await nextCall(h, 'chat.postEphemeral', ephemerals);
    expect(answer.args.text).toContain(':no_entry:');
    expect(answer.args.text).toContain('>My long careful answer');
  });
});

describe('close', () => {
  /** Presses the confirmation's button with the checkbox state Slack sends along. */
  async function confirmClose(person: Person, talepId: number, quiet: boolean): Promise<Post> {
    const responseUrl = h.slack.responseUrl();
    await h.send.interaction({
      type: 'block_actions',
      team: { id: 'T1', domain: 'test' },
      user: { id: people[person].userId, username: person, team_id: 'T1' },
      api_app_id: 'A1',
      trigger_id: 'trigger-close',
      channel: { id: 'C1', name: 'helpdesk' },
      container: { type: 'message', message_ts: '1700000000.000009', channel_id: 'C1', is_ephemeral: true },
      response_url: responseUrl,
      state: {
        values: {
          [CloseIds.optionsBlock]: {
            [CloseIds.quiet]: { type: 'checkboxes', selected_options: quiet ? [{ value: CloseIds.quietValue }] : [] },
          },
        },
      },
      actions: [{ type: 'button', block_id: CloseIds.buttonsBlock, action_id: CloseIds.confirm, value: String(talepId), action_ts: '1' }],
    });
    return h.slack.waitFor(() => h.slack.postsTo(responseUrl)[0]);
  }

  it('asks first, then closes without notifying anyone when the box is ticked', async () => {
    const { post } = await slash('agent', 'close 8');
    expect(json(post)).toContain('Re-plan the Wi-Fi channels');
    expect(json(post)).toContain(CloseIds.quiet);
    expect((await talep(8)).StatusID).toBe(1); // nothing happens before the confirmation

    const closed = await confirmClose('agent', 8, true);
    expect(closed.replace_original).toBe(true);
    expect(json(closed)).toContain('Talep #8 closed. Nobody was notified.');
    expect((await talep(8)).StatusID).toBe(3);
    expect(closeMails(8)).toEqual([]);
  });

  it('notifies the submitter when the box is not ticked', async () => {
    await confirmClose('admin', 9, false);
    expect((await talep(9)).StatusID).toBe(3);
    expect(closeMails(9).map((mail) => mail.to)).toEqual(['user@example.com']);
  });

  it("closes from the card's Close button (confirmed by Slack's dialog) and re-renders", async () => {
    const { post } = await press('agent2', { action_id: TalepCardIds.close, value: '5' });
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('Talep #5 closed.');
    expect(json(post)).not.toContain(TalepCardIds.close); // a closed talep has no Close button
    expect((await talep(5)).StatusID).toBe(3);
  });

  it('Cancel leaves the talep open', async () => {
    const { post } = await press('agent', { action_id: CloseIds.cancel, value: '6' });
    expect(post.replace_original).toBe(true);
    expect(post.text).toBe('Talep #6 was left as it is.');
    expect((await talep(6)).StatusID).toBe(1);
  });

  it('says when the talep is already closed', async () => {
    const { post } = await slash('agent', 'close 4');
    expect(json(post)).toContain('Talep #4 is already closed.');
  });

  it("refuses a regular user someone else's talep", async () => {
    const { post } = await slash('user', 'close 6');
    expect(post.text).toContain('Talep #6 belongs to someone else');
  });
});

describe('assign', () => {
  it('assigns to a Slack user, to me and to nobody', async () => {
    const toAgent = await slash('admin', `assign 3 <@${people.agent.userId}|agent>`);
    expect(json(toAgent.post)).toContain(`assigned to <@${people.agent.userId}> (agent)`);
    expect((await talep(3)).AssigneeUserInfo?.UserID).toBe(SeedIds.users.agent);

    await slash('agent2', 'assign 3 me');
    expect((await talep(3)).AssigneeUserInfo?.UserID).toBe(SeedIds.users.agent2);

    const none = await slash('agent', 'assign 3 none');
    expect(json(none.post)).toContain('Talep #3 is unassigned.');
    expect((await talep(3)).AssigneeUserInfo).toBeNull();
  });

  it('explains a Slack user who is not in the help desk', async () => {
    const { post } = await slash('agent', `assign 3 <@${people.stranger.userId}>`);
    expect(post.text).toContain('No help-desk user has');
    expect((await talep(3)).AssigneeUserInfo).toBeNull();
  });

  it("takes the talep with the card's Assign to me", async () => {
    const { post } = await press('agent', { action_id: TalepCardIds.assignToMe, value: '10' });
    expect(post.replace_original).toBe(true);
    expect(json(post)).toContain('assigned to you');
    expect(json(post)).not.toContain(TalepCardIds.assignToMe);
    expect((await talep(10)).AssigneeUserInfo?.UserID).toBe(SeedIds.users.agent);
  });

  it('shows the usage when the assignee is missing', async () => {
    const { post } = await slash('agent', 'assign 3');
    expect(post.text).toContain('Usage: `/talep assign <id> <@user|me|none>`');
  });
});

describe('status and priority', () => {
  it('changes them with sub-commands', async () => {
    const status = await slash('agent', 'status 1 progress');
    expect(json(status.post)).toContain('Status of #1 set to *In progress*');
    expect((await talep(1)).StatusID).toBe(2);

    const priority = await slash('agent', 'priority 1 critical');
    expect(json(priority.post)).toContain('Priority of #1 set to *Critical*');
    expect((await talep(1)).Priority).toBe(2);
  });

  it("changes them with the card's select and re-renders in place", async () => {
    const reopen = await press('agent', { action_id: TalepCardIds.change, type: 'static_select', selected_option: { value: '10|status|1' } });
    expect(reopen.post.replace_original).toBe(true);
    expect((await talep(10)).StatusID).toBe(1);
    const low = await press('agent', { action_id: TalepCardIds.change, type: 'static_select', selected_option: { value: '10|priority|-1' } });
    expect(json(low.post)).toContain('Priority of #10 set to *Low*');
    expect((await talep(10)).Priority).toBe(-1);
  });

  it("refuses a regular user someone else's talep and leaves it alone", async () => {
    const { post } = await slash('user', 'status 6 closed');
    expect(post.text).toContain('Talep #6 belongs to someone else');
    expect((await talep(6)).StatusID).toBe(1);
  });

  it('reports an unknown talep and shows usage for a wrong value', async () => {
    expect((await slash('agent', 'status 999 new')).post.text).toBe(':mag: Talep #999 was not found.');
    expect((await slash('agent', 'priority 1 urgent')).post.text).toContain('Usage: `/talep priority <id> <low|normal|high|critical>`');
  });
});

describe('due', () => {
  it("sets the end of the day in the user's Slack time zone, and clears it", async () => {
    // The harness's Slack users are at UTC+3.
    const { post } = await slash('agent', 'due 6 2026-12-01');
    expect((await talep(6)).DueDate?.toISOString()).toBe('2026-12-01T20:59:59.999Z');
    expect(json(post)).toContain('Talep #6 is due <!date^');

    const cleared = await slash('agent', 'due 6 none');
    expect(json(cleared.post)).toContain('Due date of #6 removed.');
    expect((await talep(6)).DueDate).toBeNull();
  });

  it('shows the usage for a date it cannot read', async () => {
    const { post } = await slash('agent', 'due 6 someday');
    expect(post.text).toContain('Usage: `/talep due <id> <date|none>`');
  });
});
