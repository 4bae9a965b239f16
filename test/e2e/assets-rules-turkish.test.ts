/**
 * Assets and automation rules in Turkish, end to end: agent2 and the admin use Slack in Turkish
 * (users.info `tr-TR`), the others in English. A Turkish agent lists assets, opens the card and the
 * asset form, links an asset to a talep; a Turkish admin opens the rules modal, adds a rule and turns it
 * off and on again. Everything they see is Turkish; the English agent still gets English.
 */
import { describe, expect, it } from 'vitest';
import { SeedIds } from '../../src/sandbox/seed.js';
import { forgetSlackProfile } from '../../src/slack/profiles.js';
import { AssetFormBlocks, AssetIds } from '../../src/views/assets/ids.js';
import { RuleIds } from '../../src/views/rules/modal.js';
import { elementsOf, json, modalShowing, nextCall, nextCallAfter, postTo, type ShownModal, textValue } from '../support/e2e.js';
import { type Person, people } from '../support/harness.js';
import type { SentRequest } from '../support/slack-requests.js';
import { useHarness } from '../support/use-harness.js';

const h = useHarness({}, async (started) => {
  for (const person of [people.agent2, people.admin]) {
    const slackUser = started.slack.users.get(person.userId);
    if (slackUser) slackUser.locale = 'tr-TR';
    forgetSlackProfile(person.userId);
  }
});

type Json = Record<string, unknown>;

/** The first thing posted to a request's response_url (the ephemeral answer). */
const answer = (res: SentRequest) => postTo(h, res.responseUrl, 'the answer to the response_url');
const slash = async (person: Person, text: string) => answer(await h.send.slash(h.as(person), text));
const element = (message: Json, actionId: string) => elementsOf(message).find((item) => item.action_id === actionId);
const formUpdate = (includes: string) =>
  h.slack.waitFor(
    () => h.slack.callsTo('views.update').find((call) => (call.args.view as Json).callback_id === AssetIds.formCallback && json(call.args.view).includes(includes)),
    `the asset form showing ${includes}`,
  );

describe('a Turkish agent and assets', () => {
  it('lists assets by name in Turkish, retired ones marked, with Turkish buttons', async () => {
    const list = await slash('agent2', 'varlık dell');
    const text = json(list);
    expect(text).toContain(':package: “dell” ile başlayan varlıklar — sayfa 1, 1–3');
    expect(text).toContain('Seri no:');
    expect(text).toContain('Konum:');
    expect(element(list, AssetIds.show)?.text).toMatchObject({ text: 'Göster' });
    expect(String(list.text)).toContain('"dell" ile başlayan 3 varlık, sayfa 1');

    const all = json(await slash('agent2', 'varlık dell all'));
    expect(all).toContain('(kullanım dışı olanlar dahil)');
    expect(all).toContain(':no_entry_sign: kullanım dışı');

    const none = json(await slash('agent2', 'varlık zzzz'));
    expect(none).toContain('“zzzz” ile başlayan varlık yok.');
    expect(none).toContain('Kullanım dışı varlıklar gizlidir');

    // The same search for the English agent stays English.
    expect(json(await slash('agent', 'asset dell'))).toContain('Assets starting with “dell” — page 1, 1–3');
  });

  it('opens the asset card in Turkish: fields, state, buttons and their confirmations', async () => {
    const card = await slash('agent2', 'varlık göster 1');
    const text = json(card);
    for (const word of ['*Varlık #1 · Lenovo ThinkPad T14 Gen 4*', '*Üretici*', '*Tür*', '*Tedarikçi*', '*Seri numarası*', '*Konum*', '*Adet*', '*Şirket*', '*Durum*', 'Kullanımda', '*Atanan kişiler* (1)']) {
      expect(text).toContain(word);
    }
    expect(card.text).toBe('#1 numaralı varlık (Lenovo ThinkPad T14 Gen 4)');
    expect(element(card, AssetIds.edit)?.text).toMatchObject({ text: 'Düzenle' });
    expect(element(card, AssetIds.link)?.text).toMatchObject({ text: 'Talebe bağla' });
    expect(element(card, AssetIds.fields)?.text).toMatchObject({ text: 'Özel alanlar' });
    expect(element(card, AssetIds.unassign)?.text).toMatchObject({ text: 'Atamayı kaldır' });
    expect(element(card, AssetIds.retire)?.confirm).toMatchObject({
      title: { text: '#1 numaralı varlık kullanım dışı bırakılsın mı?' },
      confirm: { text: 'Kullanım dışı bırak' },
      deny: { text: 'Vazgeç' },
    });
    expect(json(element(card, AssetIds.assign))).toContain('Bir Slack kullanıcısına atayın…');

    // From a list's Show button too, and a missing asset is named in Turkish.
    expect(json(await answer(await h.send.blockAction(h.as('agent2'), { action_id: AssetIds.show, value: '3' })))).toContain('*Varlık #3 ·');
    expect((await slash('agent2', 'varlık göster 999')).text).toBe(':mag: #999 numaralı varlık bulunamadı.');
  });

  it('retires and restores an asset with Turkish notices on the card', async () => {
    const retired = await answer(await h.send.blockAction(h.as('agent2'), { action_id: AssetIds.retire, value: '14' }));
    expect(json(retired)).toContain('Kullanım dışı bırakıldı.');
    expect(json(retired)).toContain(':no_entry_sign: *Kullanım dışı*');
    expect(element(retired, AssetIds.restore)?.text).toMatchObject({ text: 'Yeniden kullanıma al' });
    const restored = await answer(await h.send.blockAction(h.as('agent2'), { action_id: AssetIds.restore, value: '14' }));
    expect(json(restored)).toContain('Yeniden kullanıma alındı');
  });

  it('opens the new-asset form in Turkish, says what is missing in Turkish, and confirms in Turkish', async () => {
    const open = await nextCallAfter(h, 'views.open', () => h.send.slash(h.as('agent2'), 'varlık yeni'));
    const view = open.args.view as Json;
    const text = json(view);
    expect(view.title).toMatchObject({ text: 'Yeni varlık' });
    expect(view.submit).toMatchObject({ text: 'Oluştur' });
    expect(view.close).toMatchObject({ text: 'Vazgeç' });
    for (const word of ['"text":"Üretici"', '"text":"Tedarikçi"', '"text":"Seri numarası"', '"text":"Notlar"', '"text":"Şirket numarası"', 'ör. Dizüstü bilgisayar', 'Boş bırakırsanız 1 sayılır.']) {
      expect(text).toContain(word);
    }

    const invalid = await h.send.viewSubmission(h.as('agent2'), {
      callback_id: AssetIds.formCallback,
      private_metadata: String(view.private_metadata),
      values: { [AssetFormBlocks.modelName]: textValue('Zbook'), [AssetFormBlocks.quantity]: { value: { type: 'number_input', value: '-1' } } },
    });
    expect(invalid.body).toMatchObject({
      response_action: 'errors',
      errors: {
        [AssetFormBlocks.manufacturer]: 'Help desk üreticiyi istiyor; lütfen doldurun.',
        [AssetFormBlocks.supplier]: 'Help desk tedarikçiyi istiyor; lütfen doldurun.',
        [AssetFormBlocks.quantity]: '0 ya da daha büyük bir tam sayı girin.',
      },
    });

    const card = await nextCallAfter(h, 'chat.postEphemeral', () =>
      h.send.viewSubmission(h.as('agent2'), {
        id: 'V-tr-new',
        callback_id: AssetIds.formCallback,
        private_metadata: String(view.private_metadata),
        values: {
          [AssetFormBlocks.modelName]: textValue('EliteBook 840'),
          [AssetFormBlocks.manufacturer]: textValue('HP'),
          [AssetFormBlocks.type]: textValue('Dizüstü'),
          [AssetFormBlocks.supplier]: textValue('Bilişim Tedarik Ltd.'),
        },
      }),
    );
    expect(json(card.args.blocks)).toContain(':sparkles: Oluşturuldu.');
    expect(json(card.args.blocks)).toContain('*Tedarikçi*');
    const done = await h.slack.waitFor(() => h.slack.callsTo('views.update').find((call) => call.args.view_id === 'V-tr-new'), 'the result in the modal');
    expect(json(done.args.view)).toMatch(/numaralı varlık \(HP EliteBook 840\) oluşturuldu\./);
  });

  it('opens the edit form in Turkish (loading first)', async () => {
    const open = await nextCallAfter(h, 'views.open', () => h.send.blockAction(h.as('agent2'), { action_id: AssetIds.edit, value: '2' }));
    expect(json(open.args.view)).toContain('Yükleniyor…');
    expect((open.args.view as Json).title).toMatchObject({ text: 'Varlığı düzenle: #2' });
    const form = (await formUpdate('PF-4T14-0002')).args.view as Json;
    expect(json(form)).toContain('#2 numaralı varlığı düzenliyorsunuz.');
    expect(form.submit).toMatchObject({ text: 'Kaydet' });
  });

  it('links an asset to a talep in Turkish: the message, its buttons, the modal and the picker', async () => {
    const linked = await slash('agent2', 'varlık bağla 15 3');
    expect(linked.text).toBe(':link: #15 numaralı varlık artık #3 numaralı talebin ilgili varlıkları arasında.');
    expect(json(linked)).toContain('#15 numaralı varlığı göster');
    expect((await slash('agent2', 'varlık bağı-kaldır 15 3')).text).toContain('artık #3 numaralı talebe bağlı değil');

    const modal = await nextCallAfter(h, 'views.open', () => h.send.blockAction(h.as('agent2'), { action_id: AssetIds.link, value: '16' }));
    const view = modal.args.view as Json;
    expect(view.title).toMatchObject({ text: 'Varlığı talebe bağla' });
    expect(json(view)).toContain('#16 numaralı varlık');
    expect(json(view)).toContain('Talep numarası');

    const options = (await h.send.blockSuggestion(h.as('agent2'), 'asset_picker', 'cisco')).body as { options: { text: { text: string } }[] };
    expect(options.options[1]?.text.text).toContain('(kullanım dışı)');
  });
});

describe('a Turkish admin and automation rules', () => {
  let modal: ShownModal;

  const press = (person: Person, actionId: string, ruleId: number) =>
    h.send.blockAction(h.as(person), { action_id: actionId, value: String(ruleId) }, { view: { id: modal.id, hash: 'h-tr', team_id: 'T1' } });

  it('opens the rules modal in Turkish', async () => {
    const opens = h.slack.callsTo('views.open').length;
    const updates = h.slack.callsTo('views.update').length;
    await h.send.slash(h.as('admin'), 'kurallar');
    const open = await nextCall(h, 'views.open', opens);
    expect(json(open.args.view)).toContain('Kurallar help desk’ten okunuyor…');
    expect((open.args.view as Json).title).toMatchObject({ text: 'Otomasyon kuralları' });
    const first = await nextCall(h, 'views.update', updates);
    modal = await modalShowing(h, String(first.args.view_id), 'Henüz kural yok');
    expect(modal.view.submit).toMatchObject({ text: 'Kural ekle' });
    expect(json(modal.view)).toContain('Numarasıyla kural ekleyin');
  });

  it('adds a rule and toggles it off and on, every line in Turkish', async () => {
    const blockId = (modal.view.blocks as { block_id?: string }[]).find((block) => block.block_id?.startsWith(RuleIds.addBlockPrefix))?.block_id ?? '';
    const wrong = await h.send.viewSubmission(h.as('admin'), {
      callback_id: RuleIds.callbackId, id: modal.id, values: { [blockId]: { [RuleIds.addInput]: { type: 'plain_text_input', value: 'yazıcı' } } },
    });
    expect(wrong.body).toEqual({ response_action: 'errors', errors: { [blockId]: 'Bir kural numarası yazın: 12 gibi bir sayı.' } });

    const rule = SeedIds.rules.tagPrinterTaleps;
    await h.send.viewSubmission(h.as('admin'), {
      callback_id: RuleIds.callbackId, id: modal.id, values: { [blockId]: { [RuleIds.addInput]: { type: 'plain_text_input', value: String(rule) } } },
    });
    modal = await modalShowing(h, modal.id, `#${rule} numaralı kural eklendi`);
    const added = json(modal.view);
    expect(added).toContain('Devre dışı bırak');
    expect(added).toContain('*Son değişiklikler*');

    await press('admin', RuleIds.disable, rule);
    modal = await modalShowing(h, modal.id, `#${rule} numaralı kural *Tag printer taleps* devre dışı bırakıldı.`);
    expect((await h.helpdeskAs('admin').getRule({ id: rule })).enabled).toBe(false);
    expect(json(modal.view)).toContain(`<@UADMIN> #${rule} numaralı kuralı devre dışı bıraktı`);
    expect(json(modal.view)).toContain('"text":"Etkinleştir"');

    await press('admin', RuleIds.enable, rule);
    modal = await modalShowing(h, modal.id, `#${rule} numaralı kural *Tag printer taleps* etkinleştirildi.`);
    expect((await h.helpdeskAs('admin').getRule({ id: rule })).enabled).toBe(true);
    expect(json(modal.view)).toContain(':large_green_circle: Etkin');
  });

  it('tells a Turkish agent in Turkish that rules are for admins; an English agent in English', async () => {
    const shownTo = async (person: Person, text: string) => {
      const updates = h.slack.callsTo('views.update').length;
      await h.send.slash(h.as(person), 'rules');
      const first = await nextCall(h, 'views.update', updates);
      return modalShowing(h, String(first.args.view_id), text);
    };
    const turkish = await shownTo('agent2', 'yalnızca help desk yöneticileri içindir');
    expect(json(turkish.view)).toContain('Help desk: ');
    expect(json(turkish.view)).toContain('"text":"Kapat"');
    await shownTo('agent', 'Automation rules are for help-desk admins only.');
  });
});
