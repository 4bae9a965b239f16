/**
 * `/talep remind` and `/talep reminders` end to end: the reminder is a message Slack schedules in the
 * person's DM at a time read in their Slack zone (the harness's people are at UTC+3); the list cancels.
 */
import { describe, expect, it } from 'vitest';
import { rowActionId } from '../../src/views/kit/blocks.js';
import { ReminderIds } from '../../src/views/reminders/reminders.js';
import { elementsOf, json, nextCallAfter, pressAnswer, slashAnswer } from '../support/e2e.js';
import { people } from '../support/harness.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness();

/** Tomorrow at 09:00 at UTC+3, as a Unix time. */
function tomorrowNineAtPlusThree(): number {
  const local = new Date(Date.now() + 3 * 3_600_000 + 86_400_000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 9 - 3) / 1000;
}

describe('/talep remind', () => {
  it('schedules a DM about the talep for tomorrow 09:00 in the person’s zone, and says when', async () => {
    const scheduled = await nextCallAfter(h, 'chat.scheduleMessage', () => h.send.slash(h.as('user'), 'remind 2 tomorrow'));
    expect(scheduled.args.channel).toBe(people.user.userId);
    expect(Number(scheduled.args.post_at)).toBe(tomorrowNineAtPlusThree());
    expect(json(scheduled.args.blocks)).toContain('talep #2');
    expect(json(scheduled.args.blocks)).toContain('Cannot connect to the VPN from home');
    const { post } = await slashAnswer(h, 'user', 'reminders');
    expect(json(post)).toContain('talep *#2*');
    expect(elementsOf(post).some((element) => element.action_id === rowActionId(ReminderIds.cancel, 0))).toBe(true);
  });

  it('cancels a reminder from the list, in Slack and in the list', async () => {
    await nextCallAfter(h, 'chat.scheduleMessage', () => h.send.slash(h.as('agent'), 'remind 5 +2h'));
    const listed = (await slashAnswer(h, 'agent', 'reminders')).post;
    const cancel = elementsOf(listed).find((element) => element.action_id === rowActionId(ReminderIds.cancel, 0));
    expect(cancel?.value).toBeDefined();
    const deleted = await nextCallAfter(h, 'chat.deleteScheduledMessage', () =>
      pressAnswer(h, 'agent', { action_id: String(cancel?.action_id), value: String(cancel?.value) }),
    );
    expect(deleted.args.scheduled_message_id).toBe(cancel?.value);
    expect(h.slack.scheduled.has(String(cancel?.value))).toBe(false);
    expect((await slashAnswer(h, 'agent', 'reminders')).post.text).toBe('You have no reminders.');
  });

  it('never cancels someone else’s reminder, whatever the button says', async () => {
    await nextCallAfter(h, 'chat.scheduleMessage', () => h.send.slash(h.as('admin'), 'remind 6 +1d'));
    const [id] = [...h.slack.scheduled.keys()].filter((key) => h.slack.scheduled.get(key)?.channel === `D${people.admin.userId}`);
    const { post } = await pressAnswer(h, 'user', { action_id: rowActionId(ReminderIds.cancel, 0), value: String(id) });
    expect(post.text).toBeDefined();
    expect(json(post)).toContain('already sent or cancelled');
    expect(h.slack.scheduled.has(String(id))).toBe(true);
  });

  it('refuses a talep the person may not see, a time in the past, one too far ahead, and nonsense', async () => {
    expect((await slashAnswer(h, 'user', 'remind 5 tomorrow')).post.text).toContain('belongs to someone else');
    expect((await slashAnswer(h, 'user', 'remind 2 2020-01-01')).post.text).toContain('has already passed');
    expect((await slashAnswer(h, 'user', 'remind 2 +30w')).post.text).toContain('at most 120 days ahead');
    expect((await slashAnswer(h, 'user', 'remind 2 someday')).post.text).toContain('Usage: `/talep remind <id> <when>`');
    expect((await slashAnswer(h, 'user', 'remind 2')).post.text).toContain('When?');
  });
});
