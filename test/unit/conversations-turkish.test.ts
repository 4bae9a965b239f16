/**
 * The conversations area's pure pieces in Turkish: the channel modal, the custom-fields form, the
 * new-article form's errors, a documentation preview's byline, and the talep body's Slack footer (which
 * the reference `withSlackRef` still joins, and thread sync still recognises, in either language).
 */
import { describe, expect, it } from 'vitest';
import { readNewArticleForm } from '../../src/commands/kb/form.js';
import { messageBody, messageFiles, postedMarks } from '../../src/commands/message-shortcuts/message.js';
import { english, messagesFor } from '../../src/i18n/messages.js';
import { withSlackRef } from '../../src/slack/reconcile.js';
import { channelSettingsModal, editDetailsModal } from '../../src/views/conversations/channel-modal.js';
import { helpdeskCommentMessage, notFollowedMessage } from '../../src/views/conversations/messages.js';
import { customFieldsModal, customFieldsSavedMessage } from '../../src/views/custom-fields/form.js';
import { docUnfurlBlocks } from '../../src/views/unfurls/doc-unfurl.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';

const tr = messagesFor('tr');

describe('conversations in Turkish', () => {
  it('the channel settings modal and Edit details speak Turkish, priorities by the help desk’s Turkish names', () => {
    const form = { channelId: 'C1', mode: 'request' as const, categoryId: undefined, priorityId: 1, emoji: 'ticket', sync: true, categories: [{ id: 3, name: 'Donanım' }] };
    const view = channelSettingsModal(form, tr);
    const text = JSON.stringify(view);
    expect(text).toContain('Kanal ayarları');
    expect(text).toContain('Yüksek');
    expect(text).toContain('Talep kanalı — her yeni mesaj bir talep olur');
    expect(checkView(view)).toEqual([]);
    expect(JSON.stringify(channelSettingsModal(form))).toContain('Request channel — every new message becomes a talep');
    const edit = editDetailsModal({ talepId: 12, subject: 'Yazıcı', categoryId: 3, priorityId: 0, categories: form.categories }, tr);
    expect(JSON.stringify(edit)).toContain('"Konu"');
    expect(checkView(edit)).toEqual([]);
  });

  it('thread posts in Turkish', () => {
    const post = helpdeskCommentMessage(7, { author: 'Ayla', text: 'Yazıcıyı yeniden başlatın.', files: ['log.txt'] }, tr);
    expect(post.text).toBe('Ayla help desk’te yazdı: Yazıcıyı yeniden başlatın.');
    expect(checkMessage(post)).toEqual([]);
    expect(notFollowedMessage(7, 'deletion', 'neden', tr).text).toContain('Bir yanıtın silinmesi #7 numaralı talepteki yoruma uygulanamadı: neden');
  });

  it('the Slack footer of a talep or comment is in the sender’s words; the reference joins it and thread sync knows it in both', () => {
    const body = messageBody('Ekran titriyor', 'Ayla', 'https://t.slack.com/archives/C1/p1', 3000, tr);
    expect(body).toBe('Ekran titriyor\n\n— Slack üzerinden Ayla gönderdi: https://t.slack.com/archives/C1/p1');
    expect(withSlackRef(body, 'TBAAAAAAAA')).toBe(`${body} · ref TBAAAAAAAA`);
    expect(messageBody('x', 'Ayla', undefined, 3000, tr)).toBe('x\n\n— Slack üzerinden Ayla gönderdi');
    expect(postedMarks()).toEqual(expect.arrayContaining(['— Posted in Slack by', '— Slack üzerinden']));
    const files = messageFiles([{ name: 'doc', mode: 'external', url_private: 'https://drive.example/doc' }], 1024, tr);
    expect(files[0]?.skip).toBe('Slack’te saklanmıyor');
  });

  it('the custom-fields form and its answer in Turkish', () => {
    const fields = [
      { id: 1, name: 'Kat', type: 1, mandatory: true, current: '3' },
      { id: 2, name: 'Onaylı', type: 4, mandatory: false, current: 'true' },
    ];
    const view = customFieldsModal({ callbackId: 'cb', title: 'Özel alanlar', subject: '*Ayla*', fields, metadata: '{}' }, tr);
    const text = JSON.stringify(view);
    expect(text).toContain('Help desk bu alanı zorunlu tutuyor.');
    expect(text).toContain('Yalnızca değiştirdiğiniz alanlar gönderilir.');
    expect(text).toContain('"Kaydet"');
    expect(checkView(view)).toEqual([]);
    expect(customFieldsSavedMessage('*Ayla*', ['Kat'], tr).text).toBe(':white_check_mark: *Ayla* için kaydedildi: *Kat*.');
    expect(customFieldsSavedMessage('*Ayla*', [], english).text).toBe('Nothing changed in the custom fields of *Ayla*.');
  });

  it('the new-article form’s errors and a documentation preview’s byline in Turkish', () => {
    const form = readNewArticleForm({}, tr);
    expect(form.ok).toBe(false);
    expect(JSON.stringify(form)).toContain('Bir kategori seçin.');
    const preview = docUnfurlBlocks({ url: 'https://docs.example/a', title: 'Kurulum', authorName: 'Ayla' }, tr);
    expect(JSON.stringify(preview.blocks)).toContain('yazan: Ayla');
  });
});
