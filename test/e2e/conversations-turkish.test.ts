/**
 * Conversations and message shortcuts in Turkish: what is posted in a thread follows the channel's
 * language (`/talep language channel tr`), what only one person sees and what goes into the help desk in
 * their name (the message's footer) follows that person's language — the Turkish Slack user `user`
 * (users.info `tr-TR`) next to the English `admin` and `agent`.
 */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/schemas.js';
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import type { SlackCall } from '../../src/playground/slack-stand-in.js';
import { forgetSlackProfile } from '../../src/slack/profiles.js';
import { ConversationIds } from '../../src/views/conversations/ids.js';
import { AddToTalepIds } from '../../src/views/message-shortcuts/add-to-talep.js';
import { callsSince, inputElement, pick, stateOf, viewOf, viewText } from '../support/e2e.js';
import { people } from '../support/harness.js';
import { eventually, jobsSettled as settledJobs, message, nextTs, postsIn as postsInThread } from '../support/conversation-events.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness({ linked: ['admin', 'agent', 'user'] }, async (started) => {
  const user = started.slack.users.get(people.user.userId);
  if (user) user.locale = 'tr-TR';
  forgetSlackProfile(people.user.userId);
  started.slack.users.set('UAUTHOR', { id: 'UAUTHOR', name: 'Ayla Demir', email: 'ayla@example.org' });
});

const TURKISH = 'CTRREQ';
const postsIn = (channel: string, threadTs: string, since = 0): SlackCall[] => postsInThread(h, channel, threadTs, since);
const comments = (talepId: number): Promise<Comment[]> => h.helpdeskAs('admin').comments({ id: talepId });
const jobsSettled = () => settledJobs(h);

let requestTs = '';
let talepId = 0;

describe('a request channel whose language is Turkish', () => {
  it('/talep kanal: the modal and its answer in the Turkish-speaking manager’s language', async () => {
    h.slack.channelCreators.set(TURKISH, people.agent.userId);
    await h.send.slash(h.as('agent', TURKISH), 'language channel tr');
    await eventually(async () => (await h.services.stores.channelSettings.get('T1', TURKISH))?.language === 'tr', 'the channel’s language');
    await h.send.slash(h.as('agent', TURKISH), 'language tr');
    await eventually(async () => (await h.services.stores.languages.get('T1', people.agent.userId)) === 'tr', 'the agent’s language');
    try {
      const mark = h.slack.calls.length;
      await h.send.slash(h.as('agent', TURKISH), 'kanal');
      const view = viewOf(await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'the channel modal'));
      expect(JSON.stringify(view)).toContain('"text":"Kanal ayarları"');
      expect(viewText(view)).toContain('Talep kanalı — her yeni mesaj bir talep olur');
      expect(viewText(view)).toContain('Yazışma eşitleme');
      const saved = await h.send.viewSubmission(h.as('agent', TURKISH), {
        callback_id: ConversationIds.channelCallback,
        id: 'VCHANTR',
        private_metadata: view.private_metadata ?? '',
        values: stateOf(view, { ...pick(ConversationIds.mode.block, 'value', 'request') }),
      });
      expect(JSON.stringify(saved.body)).toContain(`Kaydedildi: <#${TURKISH}> artık bir talep kanalı; :ticket: talep açar; yazışma eşitleme açık.`);
    } finally {
      await h.send.slash(h.as('agent', TURKISH), 'language auto');
    }
  });

  it('a request becomes a talep whose card is posted in Turkish; the footer in the talep is in the poster’s language', async () => {
    requestTs = nextTs();
    const mark = h.slack.calls.length;
    await h.send.event(message(people.user.userId, TURKISH, requestTs, 'Yazıcı kağıt sıkıştırıyor\nİkinci katta.'));
    const card = await h.slack.waitFor(() => postsIn(TURKISH, requestTs, mark)[0], 'the card in the thread');
    await jobsSettled();
    talepId = (await h.services.stores.messageTaleps.get('T1', TURKISH, requestTs))?.talepId ?? 0;
    expect(talepId).toBeGreaterThan(0);
    const shown = JSON.stringify(card.args.blocks);
    expect(shown).toContain(`#${talepId}`);
    expect(shown).toContain('Durum');
    const talep = await h.helpdeskAs('admin').getTalep({ id: talepId });
    expect(talep.Subject).toBe('Yazıcı kağıt sıkıştırıyor');
    expect(talep.Body).toContain('— Slack üzerinden');
    expect(talep.Body).toContain('gönderdi: https://test.slack.com/archives/');
    expect(talep.Body).not.toContain('Posted in Slack');
  });

  it('a public help-desk comment is posted in the thread in Turkish, whoever wrote it', async () => {
    await h.helpdeskAs('admin').addComment({ id: talepId, body: 'Please restart the printer.' });
    const mark = h.slack.calls.length;
    await h.services.talepChanges.publish({ talepId, kind: 'commented', via: 'push', at: new Date() });
    const post = await h.slack.waitFor(() => postsIn(TURKISH, requestTs, mark)[0], 'the comment in the thread');
    expect(String(post.args.text)).toContain('help desk’te yazdı: Please restart the printer.');
    const shown = JSON.stringify(post.args.blocks);
    expect(shown).toContain(`Talep #${talepId} · buradaki yanıtlar talebe yorum olarak eklenir`);
    expect(shown).not.toContain('in the help desk');
  });

  it('a reply becomes a comment with its writer’s footer (Turkish or English), and is never posted back', async () => {
    await h.send.slash(h.as('agent', TURKISH), 'language tr');
    await eventually(async () => (await h.services.stores.languages.get('T1', people.agent.userId)) === 'tr', 'the agent’s language');
    try {
      const turkishTs = nextTs();
      await h.send.event(message(people.agent.userId, TURKISH, turkishTs, 'Yeniden başlatın lütfen', { thread_ts: requestTs }));
      const turkish = await eventually(async () => (await comments(talepId)).find((each) => each.Body.includes('Yeniden başlatın')), 'the Turkish reply');
      expect(turkish.Body).toContain(`— Slack üzerinden`);
      expect(turkish.Body).toContain(`gönderdi: https://test.slack.com/archives/${TURKISH}/p${turkishTs.replace('.', '')}`);
    } finally {
      await h.send.slash(h.as('agent', TURKISH), 'language auto');
    }
    const englishTs = nextTs();
    await h.send.event(message(people.admin.userId, TURKISH, englishTs, 'Thanks, closing soon', { thread_ts: requestTs }));
    const english = await eventually(async () => (await comments(talepId)).find((each) => each.Body.includes('Thanks, closing soon')), 'the English reply');
    expect(english.Body).toContain('— Posted in Slack by');
    await jobsSettled();
    const mark = h.slack.calls.length;
    await h.services.talepChanges.publish({ talepId, kind: 'commented', via: 'push', at: new Date() });
    expect(postsIn(TURKISH, requestTs, mark)).toEqual([]);
  });

  it('a reply the help desk refuses is explained to its Turkish writer in Turkish', async () => {
    const mark = h.slack.calls.length;
    await h.send.event(message(people.user.userId, TURKISH, nextTs(), 'Yeniden başlattım, düzeldi', { thread_ts: requestTs }));
    const said = await h.slack.waitFor(() => callsSince(h, mark, 'chat.postEphemeral').find((call) => call.args.user === people.user.userId), 'the refusal');
    expect(String(said.args.text)).toContain(`Yanıtınız #${talepId} numaralı talebe eklenmedi: help desk, yalnızca yöneticilerin`);
    expect(said.args).toMatchObject({ channel: TURKISH, thread_ts: requestTs });
  });

  it('closing the talep is noted in the thread in Turkish', async () => {
    const mark = h.slack.calls.length;
    await h.helpdeskAs('admin').closeTalep({ id: talepId });
    await h.services.talepChanges.publish({ talepId, kind: 'closed', via: 'push', at: new Date() });
    expect(postsIn(TURKISH, requestTs, mark).map((call) => String(call.args.text))).toEqual([
      `:white_check_mark: #${talepId} numaralı talep help desk’te kapatıldı.`,
    ]);
  });

  it('a reply of someone without a link is answered in their own language', async () => {
    const user = h.slack.users.get(people.stranger.userId);
    if (user) user.locale = 'tr-TR';
    forgetSlackProfile(people.stranger.userId);
    const mark = h.slack.calls.length;
    await h.send.event(message(people.stranger.userId, TURKISH, nextTs(), 'Bende de aynı sorun var', { thread_ts: requestTs }));
    const prompt = await h.slack.waitFor(() => callsSince(h, mark, 'chat.postEphemeral').find((call) => call.args.user === people.stranger.userId), 'the prompt');
    expect(String(prompt.args.text)).toBe(`Yanıtınızı #${talepId} numaralı talebe eklemek için help-desk hesabınızı bağlayın.`);
    expect(JSON.stringify(prompt.args.blocks)).toContain('Yanıtımı ekle');
  });
});

describe('the message shortcut for a Turkish person', () => {
  it('"Add to a talep" opens in Turkish, with the message’s footer in their words and Turkish errors', async () => {
    const mark = h.slack.calls.length;
    await h.send.messageShortcut(h.as('user'), ShortcutIds.addToTalep, { ts: nextTs(), user: 'UAUTHOR', text: 'Ekran titriyor' });
    const opened = viewOf(await h.slack.waitFor(() => callsSince(h, mark, 'views.open')[0], 'views.open'));
    expect(JSON.stringify(opened)).toContain('"text":"Talebe ekle"');
    const call = await h.slack.waitFor(
      () => callsSince(h, mark, 'views.update').find((candidate) => viewOf(candidate).callback_id === AddToTalepIds.callbackId),
      'the add-to-talep form',
    );
    const form = viewOf(call);
    const comment = String(inputElement(form, AddToTalepIds.comment.block)?.initial_value);
    expect(comment).toContain('Ekran titriyor');
    expect(comment).toContain('— Slack üzerinden Ayla Demir gönderdi: https://test.slack.com/archives/');
    expect(viewText(form)).toContain('Yorum');

    const options = await h.send.blockSuggestion(h.as('user'), AddToTalepIds.talep.action, 'zzzz qqqq');
    expect((options.body as { options: { text: { text: string } }[] }).options[0]?.text.text).toBe('“zzzz qqqq” ile eşleşen talep yok');

    const refused = await h.send.viewSubmission(h.as('user'), {
      callback_id: AddToTalepIds.callbackId,
      id: String(call.args.view_id),
      private_metadata: form.private_metadata ?? '',
      values: stateOf(form),
    });
    expect(refused.body).toMatchObject({ response_action: 'errors' });
    expect(JSON.stringify(refused.body)).toContain('Listeden bir talep seçin');
  });

  it('an English person gets the same flow in English', async () => {
    const mark = h.slack.calls.length;
    await h.send.messageShortcut(h.as('agent'), ShortcutIds.addToTalep, { ts: nextTs(), user: 'UAUTHOR', text: 'Screen flickers' });
    const call = await h.slack.waitFor(
      () => callsSince(h, mark, 'views.update').find((candidate) => viewOf(candidate).callback_id === AddToTalepIds.callbackId),
      'the add-to-talep form',
    );
    expect(String(inputElement(viewOf(call), AddToTalepIds.comment.block)?.initial_value)).toContain('— Posted in Slack by Ayla Demir: https://');
  });
});
