/**
 * The bot in each person's language: a Turkish-locale Slack user (users.info `tr-TR`) gets Turkish,
 * everyone else English; `/talep language` overrides it and `channel` sets a conversation's language;
 * Turkish sub-command words (`YENİ`, `göster`, `ara`…) run the same routes. The main flows once per
 * language; Slack's Block Kit limits are checked by the stand-in on every payload of both.
 */
import { describe, expect, it } from 'vitest';
import { forgetSlackProfile } from '../../src/slack/profiles.js';
import { CloseIds } from '../../src/views/talep-work/close.js';
import { talepUrl } from '../../src/domain/talep-link.js';
import { json, pressAnswer, slashAnswer } from '../support/e2e.js';
import { newTalepSubmission, openNewTalepForm, taleps } from '../support/new-talep-form.js';
import { type Person, people } from '../support/harness.js';
import { useHarness } from '../support/use-harness.js';

/** agent2 uses Slack in Turkish; the others in English (the stand-in's default `en-US`). */
const h = useHarness({}, async (started) => {
  const agent2 = started.slack.users.get(people.agent2.userId);
  if (agent2) agent2.locale = 'tr-TR';
  forgetSlackProfile(people.agent2.userId);
});

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true, ephemeral: true })).post;

describe('the language of each person', () => {
  it('answers /talep help in English and, for a Turkish Slack user, in Turkish with Turkish sub-command words', async () => {
    const english = json(await slash('agent', 'help'));
    expect(english).toContain('Here is what `/talep` can do:');
    expect(english).toContain('/talep show &lt;id&gt;');
    const turkish = json(await slash('agent2', 'yardım'));
    expect(turkish).toContain('`/talep` ile yapabilecekleriniz:');
    expect(turkish).toContain('/talep göster &lt;id&gt;');
    expect(turkish).toContain('Talep kartını gösterir');
    expect(turkish).toContain('*Talepler*');
  });

  it('answers the help and a usage problem in the ack itself once the language is known, with no response_url post', async () => {
    await slash('agent2', 'yardım'); // the first answer: the profile (and language) is now cached
    for (const [text, expected] of [['yardım', 'ile yapabilecekleriniz'], ['göster abc', 'Kullanım']] as const) {
      const responseUrl = h.slack.responseUrl();
      const sent = await h.send.slash(h.as('agent2'), text, '/talep', responseUrl);
      expect([text, sent.status, json(sent.body)]).toEqual([text, 200, expect.stringContaining(expected)]);
      expect((sent.body as { response_type?: string }).response_type).toBe('ephemeral');
      await new Promise((resolve) => setTimeout(resolve, 150));
      // One answer in all: the ack's (kept with the URL's posts by the test sender); nothing posted to the URL.
      expect(h.slack.postsTo(responseUrl)).toHaveLength(1);
    }
  });

  it('asks Slack for the locale with include_locale', async () => {
    const lookups = h.slack.callsTo('users.info').filter((call) => call.args.user === people.agent2.userId);
    expect(lookups.length).toBeGreaterThan(0);
    expect(String(lookups[0]?.args.include_locale)).toBe('true');
  });

  it('tells an unknown word in the person’s language', async () => {
    expect(json(await slash('agent2', 'frobnicate'))).toContain('`frobnicate` komutunu bilmiyorum');
    expect(json(await slash('agent', 'frobnicate'))).toContain("I don't know `frobnicate`");
  });

  it('searches with `ara` (and `SEARCH`) in each language', async () => {
    const turkish = json(await slash('agent2', 'ARA jamming'));
    expect(turkish).toContain('*1 talep* eşleşiyor: “jamming”');
    expect(turkish).toContain('Göster');
    const english = json(await slash('agent', 'SEARCH jamming'));
    expect(english).toContain('*1 talep* match “jamming”');
  });

  it('shows the statistics with Turkish status names', async () => {
    const turkish = json(await slash('agent2', 'istatistik'));
    expect(turkish).toContain('*Tüm help desk*');
    expect(turkish).toContain('*Devam Ediyor*');
    expect(json(await slash('agent', 'stats'))).toContain('*In progress*');
  });

  it('/talep language: tells the current language and its source, and a choice overrides Slack’s', async () => {
    expect(json(await slash('agent2', 'dil'))).toContain('Sizinle Türkçe konuşuyorum (Slack diliniz)');
    expect(json(await slash('agent2', 'language en'))).toContain('From now on I speak English with you.');
    expect(json(await slash('agent2', 'help'))).toContain('Here is what `/talep` can do:');
    expect(json(await slash('agent2', 'language'))).toContain('I speak English with you (you chose it)');
    expect(json(await slash('agent2', 'language auto'))).toContain('Yeniden Slack dilinizi izliyorum: şu an Türkçe.');
    expect(json(await slash('agent', 'language TR'))).toContain('Bundan sonra sizinle Türkçe konuşacağım.');
    expect(json(await slash('agent', 'stats'))).toContain('*Tüm help desk*');
    await slash('agent', 'language auto');
    expect(json(await slash('agent', 'language klingon'))).toContain('Usage: `/talep language [channel] [tr|en|auto]`');
  });

  it('/talep language channel: a conversation’s language, stored per channel', async () => {
    expect(json(await slash('agent', 'language channel'))).toContain('Posts in this conversation are in English (the workspace default)');
    expect(json(await slash('agent', 'language channel tr'))).toContain('Posts in this conversation are now in Turkish (Türkçe).');
    expect((await h.services.stores.channelSettings.get('T1', 'C1'))?.language).toBe('tr');
    expect(json(await slash('agent2', 'dil kanal'))).toContain('Bu konuşmadaki mesajlar Türkçe (burada ayarlandı)');
    await slash('agent', 'language channel auto');
    expect((await h.services.stores.channelSettings.get('T1', 'C1'))?.language).toBeUndefined();
  });

  it('closes a talep in each language: the question, its buttons and Cancel', async () => {
    const turkish = await slash('agent2', 'KAPAT 8');
    expect(json(turkish)).toContain('*#8* numaralı talep kapatılsın mı?');
    expect(json(turkish)).toContain('Talebi kapat');
    expect(json(turkish)).toContain('Talebi açana bildirim gönderme');
    const cancelled = (await pressAnswer(h, 'agent2', { action_id: CloseIds.cancel, value: '8' }, { status: true })).post;
    expect(cancelled.text).toBe('#8 numaralı talebe dokunulmadı.');
    const english = await slash('agent', 'close 8');
    expect(json(english)).toContain('Close talep *#8*');
    expect(json(english)).toContain("Don't notify the submitter");
  });

  it('comments in each language (accepted work answers in the person’s language)', async () => {
    expect(json(await slash('agent2', 'yorum 3 Merhaba, bakıyorum.'))).toContain(':speech_balloon: #3 numaralı talebe yorum eklendi.');
    expect(json(await slash('agent', 'comment 6 Looking at it.'))).toContain(':speech_balloon: Comment added to #6.');
  });

  it('says a failure in the person’s language', async () => {
    expect(json(await slash('agent2', 'göster 99999'))).toContain('#99999 numaralı talep bulunamadı.');
    expect(json(await slash('agent', 'show 99999'))).toContain('Talep #99999 was not found.');
  });

  it('previews a talep link in the channel’s language, whoever posted it', async () => {
    const preview = async (person: Person, channel: string, ts: string) => {
      const url = talepUrl({ TalepID: 2 }, h.services.talepUrlTemplate);
      const sent = await h.send.event(
        {
          type: 'link_shared', channel, is_bot_user_member: true, user: people[person].userId, message_ts: ts,
          unfurl_id: `${channel}.${ts}.x`, source: 'conversations_history', links: [{ domain: new URL(url).host, url }], event_ts: ts,
        },
        'T1',
      );
      expect(sent.status).toBe(200);
      return h.slack.waitFor(() => h.slack.previewsOf(channel, ts).get(url), 'the preview');
    };
    await slash('agent', 'language channel tr'); // in C1
    const turkish = json((await preview('agent', 'C1', '1700002000.000001')).payload);
    expect(turkish).toContain('"value":"Devam Ediyor"');
    expect(turkish).toContain('"label":"Kategori"');
    // The Turkish-speaking agent2 posts in a channel nobody set: the workspace default, English.
    const english = json((await preview('agent2', 'C-english', '1700002000.000002')).payload);
    expect(english).toContain('"value":"In progress"');
    await slash('agent', 'language channel auto');
  });

  it('shows the talep card in each language: fields, comments, buttons, the More menu', async () => {
    const turkish = json(await slash('agent2', 'GÖSTER 3'));
    for (const word of ['*Durum*', '*Öncelik*', '*Talebi açan*', '*Atanan*', 'Yorum yaz', 'Help desk’te aç', 'Kanalda paylaş', 'Tüm yorumlar', 'Durum / öncelik…']) {
      expect(turkish).toContain(word);
    }
    const english = json(await slash('agent', 'show 3'));
    for (const word of ['*Status*', '*Priority*', '*Submitter*', '*Assignee*', 'Comment', 'Open in help desk', 'Share in channel', 'All comments']) {
      expect(english).toContain(word);
    }
  });

  it('opens and files a new talep in each language (the form in the Turkish user’s language)', async () => {
    const form = await openNewTalepForm(h, 'agent2');
    const view = json(form.form);
    expect(view).toContain('"text":"Yeni talep"');
    expect(view).toContain('"text":"Kategori"');
    expect(view).toContain('"text":"Oluştur"');
    expect(view).toContain('Kısa bir özet');
    const subject = 'Türkçe e2e: yazıcı kâğıt sıkıştırıyor';
    const ack = await h.send.delivery(newTalepSubmission(h, form, { subject }));
    expect(ack.status).toBe(200);
    const created = await h.slack.waitFor(
      () => h.slack.calls.find((call) => call.method === 'views.update' && call.args.view_id === form.viewId && json(call.args.view).includes('numaralı talep oluşturuldu')),
      'the Turkish confirmation in the modal',
    );
    expect(json(created.args.view)).toContain('Talebi göster');
    expect(await taleps(h, subject)).toHaveLength(1);
    const englishForm = json((await openNewTalepForm(h, 'agent')).form);
    expect(englishForm).toContain('"text":"New talep"');
    expect(englishForm).toContain('"text":"Category"');
  });

  it('asks an unlinked person to connect in their language', async () => {
    const stranger = h.slack.users.get(people.stranger.userId);
    if (stranger) stranger.locale = 'tr-TR';
    forgetSlackProfile(people.stranger.userId);
    expect(json(await slash('stranger', 'ara yazıcı'))).toContain('Help-desk hesabını bağla');
  });
});
