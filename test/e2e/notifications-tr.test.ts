/**
 * Help desk → Slack in Turkish: a person whose Slack is Turkish gets their DMs and their App Home work
 * queue in Turkish (the engine finds the language by Slack user id: their choice, else users.info's
 * locale, cached), and a feed posts its cards and thread replies in the language of its channel — not
 * in its creator's.
 */
import { describe, expect, it } from 'vitest';
import { forgetSlackProfile } from '../../src/slack/profiles.js';
import { json, slashAnswer } from '../support/e2e.js';
import { people } from '../support/harness.js';
import { until, useWebhookHarness } from '../support/notify-webhook.js';

const TURKISH_CHANNEL = 'CFEEDTR';

/** user and agent2 use Slack in Turkish; agent and admin in English (the stand-in's default). */
const h = useWebhookHarness((harness) => {
  for (const person of [people.user, people.agent2]) {
    const user = harness.slack.users.get(person.userId);
    if (user) user.locale = 'tr-TR';
    forgetSlackProfile(person.userId);
  }
});

const postsIn = (channel: string) => h.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === channel);
const cardOf = (channel: string, talepId: number) =>
  postsIn(channel).find((call) => !call.args.thread_ts && json(call.args.blocks).includes(`|#${talepId}>`));

async function newTalep(subject: string, categoryId = 1): Promise<number> {
  const { id } = await h.helpdeskAs('user').createTalep({ categoryId, subject, body: 'Ayrıntılar.', priorityId: 0 });
  return id;
}

describe('a feed in a channel set to Turkish', () => {
  it('answers its English-speaking creator in English, and posts the card and its thread replies in Turkish', async () => {
    await h.services.stores.channelSettings.setLanguage('T1', TURKISH_CHANNEL, 'tr', people.admin.userId);
    const created = await slashAnswer(h, 'agent', `feed <#${TURKISH_CHANNEL}|destek> category:hardware`, { ephemeral: true });
    expect(json(created.post)).toContain('posts to <#CFEEDTR>');

    const id = await newTalep('Yazıcı yanıyor');
    const card = await h.slack.waitFor(() => cardOf(TURKISH_CHANNEL, id), 'the feed card');
    const cardText = json(card.args.blocks);
    for (const words of ['*Durum*', '*Öncelik*', '*Atanan*', 'atanmamış', 'Göster', 'Help desk’te aç', ':new: Yeni talep', 'Yeni']) expect(cardText).toContain(words);
    expect(cardText).not.toContain('*Status*');

    const ts = String(card.reply.ts);
    await h.helpdeskAs('agent').updateTalep({ id, statusId: 2 });
    const reply = await h.slack.waitFor(() => postsIn(TURKISH_CHANNEL).find((call) => call.args.thread_ts === ts), 'the thread reply');
    expect(json(reply.args.blocks)).toContain('Durum: *Devam Ediyor*');
    const update = await h.slack.waitFor(() => h.slack.callsTo('chat.update').find((call) => call.args.ts === ts), 'the card update');
    expect(json(update.args.blocks)).toContain('Devam Ediyor');
  });

  it('answers a Turkish person’s `/talep akış` and `/talep akışlar` in Turkish', async () => {
    const created = await slashAnswer(h, 'agent2', 'akış <#CFEEDTR2> category:software', { ephemeral: true });
    expect(json(created.post)).toContain('numaralı akış <#CFEEDTR2> kanalına gönderi yapacak: kategori software');
    const listed = await slashAnswer(h, 'agent2', 'akışlar');
    expect(json(listed.post)).toContain('Kaldır');
    expect(json(listed.post)).toContain('oluşturan: <@');
  });
});

describe('a Turkish person', () => {
  const dmsTo = (userId: string) => h.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === userId);

  it('gets the status DM of their talep in Turkish, with the Turkish Mute button', async () => {
    const id = await newTalep('Monitör titriyor');
    await until(async () => (await h.services.stores.notify.personal('T1', people.user.userId, id)) !== undefined, 'the talep noted for the submitter');
    await h.helpdeskAs('agent').updateTalep({ id, statusId: 2 });
    const dm = await h.slack.waitFor(() => dmsTo(people.user.userId).find((call) => json(call.args).includes(`#${id}`)), 'the status DM');
    expect(json(dm.args.blocks)).toContain('Durum: *Devam Ediyor*');
    expect(json(dm.args.blocks)).toContain('Bu talebi sessize al');
  });

  it('gets the assignment DM in Turkish, and an English agent in English', async () => {
    const id = await newTalep('Dizüstü pili', 2);
    const mark = dmsTo(people.agent2.userId).length;
    await h.helpdeskAs('admin').updateTalep({ id, assignedUserId: 3 });
    const dm = await h.slack.waitFor(() => dmsTo(people.agent2.userId).slice(mark).find((call) => json(call.args).includes(`#${id}`)), 'the assignment DM');
    expect(json(dm.args.blocks)).toContain('Temsilci olarak atandı: *');

    const other = await newTalep('English printer');
    await h.helpdeskAs('admin').updateTalep({ id: other, assignedUserId: 2 });
    const english = await h.slack.waitFor(() => dmsTo(people.agent.userId).find((call) => json(call.args).includes(`#${other}`)), 'the English DM');
    expect(json(english.args.blocks)).toContain('Assigned to');
    expect(json(english.args.blocks)).toContain('Mute this talep');
  });

  it('sees their App Home work queue and notification settings in Turkish', async () => {
    const before = h.slack.callsTo('views.publish').length;
    await h.send.event({ type: 'app_home_opened', user: people.user.userId, channel: 'D1', tab: 'home' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.publish').slice(before).find((c) => c.args.user_id === people.user.userId), 'views.publish');
    const text = json((call.args.view as { blocks: unknown[] }).blocks);
    for (const words of ['Yardım masası', 'İş kuyruğu', 'Açık taleplerim', 'Göster', 'Kapat', 'Talep kapatılsın mı?', 'Bildirimler', '*Şunlar için bana DM gönder*', 'Sessiz saat yok', 'Yalnızca özet']) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('Work queue');
    expect(text).not.toContain('My open taleps');
    // DMs and the Home tab found the language with the cached profile: one users.info for this person.
    expect(h.slack.callsTo('users.info').filter((lookup) => lookup.args.user === people.user.userId)).toHaveLength(1);
  });

  it("sees an agent's queue in Turkish, with Bana ata", async () => {
    const before = h.slack.callsTo('views.publish').length;
    await h.send.event({ type: 'app_home_opened', user: people.agent2.userId, channel: 'D1', tab: 'home' });
    const call = await h.slack.waitFor(() => h.slack.callsTo('views.publish').slice(before).find((c) => c.args.user_id === people.agent2.userId), 'views.publish');
    const text = json((call.args.view as { blocks: unknown[] }).blocks);
    expect(text).toContain('Kategorilerimde atanmamış');
    expect(text).toContain('Bana atanan');
  });
});
