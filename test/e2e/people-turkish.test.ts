/**
 * User and company administration in Turkish: an admin whose Slack is in Turkish (users.info `tr-TR`)
 * lists users, opens a card, the new-user and edit-user modals (labels, hints, inline errors, the
 * result), asks to delete and cancels, lists companies and edits one — all in Turkish, with Turkish
 * sub-command words. Everyone else still gets English. Slack's Block Kit limits are checked by the
 * stand-in on every payload.
 */
import { describe, expect, it } from 'vitest';
import { SeedIds } from '../../src/sandbox/seed.js';
import { forgetSlackProfile } from '../../src/slack/profiles.js';
import { CompanyBlocks, CompanyIds } from '../../src/views/companies/ids.js';
import { UserEditBlocks } from '../../src/views/users/edit.js';
import { UserIds } from '../../src/views/users/ids.js';
import { NewUserBlocks } from '../../src/views/users/new-user.js';
import { elementsWithId, json, modalOpenedBy, modalShowing, pressAnswer, slashAnswer, stateOf, textValue, type View } from '../support/e2e.js';
import { type Person, people } from '../support/harness.js';
import { useHarness } from '../support/use-harness.js';

/** The admin uses Slack in Turkish; the others in English (the stand-in's default `en-US`). */
const h = useHarness({}, async (started) => {
  const admin = started.slack.users.get(people.admin.userId);
  if (admin) admin.locale = 'tr-TR';
  forgetSlackProfile(people.admin.userId);
});

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true, ephemeral: true })).post;

describe('users in Turkish', () => {
  it('lists users with Turkish headings, badges and buttons', async () => {
    const post = await slash('admin', 'kullanıcı listele');
    const blocks = json(post.blocks);
    expect(blocks).toContain('*Tüm kullanıcılar* · sayfa 1');
    expect(blocks).toContain(':crown: Yönetici');
    expect(blocks).toContain(':hammer_and_wrench: Temsilci');
    expect(blocks).toContain(':bust_in_silhouette: Kullanıcı');
    expect(blocks).toContain('"text":"Göster"');
    expect(blocks).toContain('Kullanıcılar 1–4 (son sayfa)');
    expect(post.text).toBe('Tüm kullanıcılar, sayfa 1: 4 kullanıcı');
    // Someone else still reads English.
    expect(json((await slash('agent', 'user list')).text)).toContain('*admin* permission');
  });

  it('shows a user card with Turkish buttons, and says in Turkish when nobody has that name', async () => {
    const post = await slash('admin', 'kullanıcı göster agent2');
    const blocks = json(post.blocks);
    expect(blocks).toContain('Zeynep Arslan');
    expect(blocks).toContain('Help-desk kullanıcısı #');
    for (const word of ['Düzenle', 'Özel alanlar', 'Devre dışı bırak', 'Sil…', 'Bu kullanıcı devre dışı bırakılsın mı?', 'Vazgeç']) expect(blocks).toContain(word);
    expect((await slash('admin', 'kullanıcı göster hic-kimse')).text).toContain('hic-kimse kullanıcı adına sahip bir help-desk kullanıcısı yok');
  });

  it('opens the new-user modal in Turkish, answers a bad e-mail in Turkish and creates the user', async () => {
    const opens = h.slack.callsTo('views.open').length;
    await h.send.slash(h.as('admin'), 'kullanıcı yeni');
    const open = await h.slack.waitFor(() => h.slack.callsTo('views.open')[opens], 'views.open');
    const view = open.args.view as { callback_id: string; title: { text: string }; submit: { text: string }; close: { text: string } };
    expect(view.callback_id).toBe(UserIds.newCallback);
    expect(view.title.text).toBe('Yeni kullanıcı');
    expect(view.submit.text).toBe('Kullanıcı oluştur');
    expect(view.close.text).toBe('Vazgeç');
    const text = json(view);
    for (const label of ['E-posta', 'Kullanıcı adı', 'Parola', 'Soyad', 'Departman', 'Hoş geldin e-postası', 'Yeni kullanıcıya hoş geldin e-postası gönder']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Başka bir help-desk kullanıcısına ait olmamalı.');

    const submit = (viewId: string, values: Record<string, unknown>) =>
      h.send.viewSubmission(h.as('admin'), { callback_id: UserIds.newCallback, id: viewId, values: values as Record<string, Record<string, unknown>> });
    const bad = await submit('V-tr-new-bad', { [NewUserBlocks.email]: textValue('e-posta-değil') });
    expect(bad.body).toEqual({ response_action: 'errors', errors: { [NewUserBlocks.email]: 'Geçerli bir e-posta adresi girin.' } });

    await submit('V-tr-new-1', {
      [NewUserBlocks.email]: { value: { type: 'email_text_input', value: 'turkce@example.com' } },
      [NewUserBlocks.username]: textValue('turkce'),
    });
    const done = await modalShowing(h, 'V-tr-new-1', 'numaralı help-desk kullanıcısı oluşturuldu');
    expect(json(done.view)).toContain('Hoş geldin e-postası gönderilmedi.');
    expect(json(done.view)).toContain('"text":"Tamam"');
  });

  it('opens the edit-user modal in Turkish and says what was saved in Turkish', async () => {
    const shown = await modalOpenedBy(h, () => h.send.slash(h.as('admin'), 'kullanıcı düzenle user'), 'Öztürk');
    const view = shown.view as unknown as View & { title: { text: string }; submit: { text: string } };
    expect(view.title.text).toBe('Kullanıcıyı düzenle');
    expect(view.submit.text).toBe('Kaydet');
    const text = json(view);
    for (const label of ['Kullanıcı adı', 'Telefon', 'Konum', 'Selamlama', 'İmza', 'E-posta bildirimleri', 'Yalnızca değiştirdiğiniz alanlar gönderilir.']) {
      expect(text).toContain(label);
    }
    const submit = (changes: Parameters<typeof stateOf>[1]) =>
      h.send.viewSubmission(h.as('admin'), {
        callback_id: UserIds.editCallback,
        id: shown.id,
        private_metadata: view.private_metadata ?? '',
        values: stateOf(view, changes) as Record<string, Record<string, unknown>>,
      });
    const invalid = await submit({ [UserEditBlocks.phone]: textValue('telefon yok') });
    expect(json(invalid.body)).toContain('Yalnızca rakam, boşluk');
    await submit({ [UserEditBlocks.location]: textValue('Ankara') });
    await modalShowing(h, shown.id, '*Konum* kaydedildi');
  });

  it('asks before deleting, in Turkish, and Vazgeç leaves the user alone', async () => {
    const post = await slash('admin', 'kullanıcı sil agent2');
    const blocks = json(post.blocks);
    expect(blocks).toContain('kalıcı olarak silinsin mi?');
    expect(blocks).toContain('*kalıcıdır ve geri alınamaz*');
    expect(elementsWithId(post, UserIds.deleteConfirm)[0]?.text).toMatchObject({ text: 'Kalıcı olarak sil' });
    const cancelled = await pressAnswer(h, 'admin', { action_id: UserIds.deleteCancel, value: 'cancel' });
    expect(cancelled.post.text).toBe('Silme iptal edildi; hiçbir şey değişmedi.');
    expect((await h.helpdeskAs('admin').getUser({ userId: SeedIds.users.agent2 })).Username).toBe('agent2');
  });
});

describe('companies in Turkish', () => {
  it('lists companies and departments in Turkish', async () => {
    const post = await slash('admin', 'şirket listele');
    const blocks = json(post.blocks);
    expect(blocks).toContain('Şirketler (');
    expect(blocks).toContain('*Departmanlar (');
    expect(blocks).toContain('"text":"Düzenle"');
    expect(blocks).toContain('Departmanlar, bir kullanıcıya yeni bir departman verildiğinde oluşturulur');
    expect(post.text).toContain('Şirketler: ');
  });

  it('edits a company in a Turkish form and says it was saved in Turkish', async () => {
    const { id, view } = await modalOpenedBy(h, () => h.send.slash(h.as('admin'), 'şirket düzenle 2'), 'Boğaziçi Yazılım');
    const text = json(view);
    expect((view as { title?: { text: string } }).title?.text).toBe('Şirketi düzenle #2');
    expect(text).toContain('E-posta alan adları');
    expect(text).toContain('Alan adlarını ; ile ayırın.');
    const submit = (domains: string) =>
      h.send.viewSubmission(h.as('admin'), {
        callback_id: CompanyIds.editCallback,
        id,
        private_metadata: view.private_metadata,
        values: {
          [CompanyBlocks.name]: textValue('Boğaziçi Yazılım'),
          [CompanyBlocks.domains]: textValue(domains),
          [CompanyBlocks.notes]: textValue('Türkçe not.'),
        },
      });
    expect(json((await submit('alan adı değil')).body)).toContain('E-posta alan adı değil');
    await submit('bogazici.example');
    await modalShowing(h, id, '*Boğaziçi Yazılım* şirketi kaydedildi (#2) — alan adları: bogazici.example.');
  });

  it('says in Turkish that a company already exists', async () => {
    const post = await slash('admin', 'şirket yeni Boğaziçi Yazılım');
    expect(post.text).toContain('adında bir şirket zaten var (#2)');
  });
});
