/** workflows alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/workflows.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { workflowsEn } from '../en/workflows.js';

export const workflowsTr: Catalog<typeof workflowsEn> = {
  // ── Workflow Builder adımları ──
  'steps.unknownStep': 'Bu adım, talep botunun bu sürümünde yok. İş akışını hazırlayan kişiden adımı kaldırmasını ya da botu güncellemesini isteyin.',
  'steps.unknownOutcome':
    'Help desk zamanında yanıt vermedi; bu iş yapılmış da olabilir, yapılmamış da. İş akışını yeniden çalıştırmadan önce help desk’e bakın.',
  'steps.nobody': 'Bu adımın iş akışını kimin çalıştırdığını bilmesi gerekiyor, ancak Slack bunu bildirmedi. İş akışını bir bağlantıdan, kısayoldan ya da düğmeden başlatın.',
  'steps.failedHere': 'Adım botun tarafında başarısız oldu. Kayda geçirildi; lütfen iş akışını yeniden çalıştırın.',
  'steps.alreadyStarted':
    'Bu adım bu çalıştırma için zaten başlatılmıştı ve sonucu bilinmiyor. İş akışını yeniden çalıştırmadan önce help desk’e bakın.',
  'steps.notLinked':
    'Bu iş akışını çalıştıran kişi bir help-desk hesabı bağlamamış. Slack’te /talep connect ile bağlayın, sonra iş akışını yeniden çalıştırın.',
  'steps.rejected':
    'Help desk, bu iş akışını çalıştıran kişinin kayıtlı anahtarını (token) reddetti. Slack’te /talep connect ile yeniden bağlanın, sonra iş akışını yeniden çalıştırın.',
  'steps.unreadable':
    'Bu iş akışını çalıştıran kişinin kayıtlı help-desk bağlantısı okunamıyor (botun şifreleme anahtarı değişti). /talep connect ile yeniden bağlanın ya da bir yöneticiden anahtarı geri yüklemesini isteyin.',
  'steps.input':
    'Adımın “{name}” girdisi {problem, select, missing {eksik} talepNumber {bir talep numarası olmalı} whole {tam sayı olmalı} tooLarge {çok büyük} text {metin olmalı} empty {boş} tooLong {{max} karakterden uzun} user {bir Slack kullanıcısı olmalı} flag {true ya da false olmalı} priority {low, normal, high ya da critical olmalı} other {geçerli değil}}.',
  'steps.onBehalfAgentsOnly': 'Başkası adına talep yalnızca help-desk temsilcileri açabilir.',
  'steps.noCategory': '“{name}” adında bir kategori yok.',
  'steps.unassigned': 'Atanmamış',
  'steps.userNumbered': 'kullanıcı #{id}',

  // ── alınan işin tek satırlık tanımı (`/talep bekleyen`, App Home) ──
  'outbox.whatNewTalep': 'Yeni talep “{subject}”',
  'outbox.whatTalepFromMessage': 'Mesajdan talep “{subject}”',
  'outbox.whatOpenedFromMessage': 'Mesajdan talep ({how, select, emoji {emoji ile} request {talep kanalından} other {triyaj}})',
  'outbox.whatFiles': '#{id} numaralı talep için {count, plural, one {# dosya} other {# dosya}}',
  'outbox.whatThreadReply': '#{id} numaralı talebe eklenen ileti dizisi yanıtı',
  'outbox.whatMessageAdded': '#{id} numaralı talebe eklenen mesaj{agentsOnly, select, yes { (yalnızca temsilciler)} other {}}',
  'outbox.whatComment': '#{id} numaralı talebe yorum{agentsOnly, select, yes { (yalnızca temsilciler)} other {}}: “{text}”',
  // ── iptal edilen iş, geldiği pencerede ──
  'outbox.cancelledTitle': 'İptal edildi',
  'outbox.cancelledPartly': ':wastebasket: İptal edildi: {what}. Önceden yapılmış olanlar olduğu gibi kalır.',
  'outbox.cancelledNothingSent': ':wastebasket: İptal edildi: {what}. Help desk’e hiçbir şey gönderilmedi.',
  // ── talebe giden Slack dosyaları ──
  'outbox.fileProblem': ':warning: {reason}',
  'outbox.fileNotHandedOut': 'Slack “{name}” dosyasını vermedi (HTTP {status}). Uygulama o kanalda mı?',
  'outbox.fileNoScope': 'Slack “{name}” dosyasını vermedi: botun files:read izni eksik olabilir.',
  'outbox.fileTooLargeHere': '“{name}” dosyası {mb} MB’tan büyük; help desk buraya yüklenen dosyalarda en fazla bunu kabul ediyor.',
  'outbox.filesUnreadable': 'Slack bu dosyaları okuyamadığım bir biçimde gönderdi. Lütfen yeniden ekleyin.',
  'outbox.filesTooMany': 'En fazla {max} dosya ekleyin.',
  'outbox.filesTooLarge':
    '{names} {count, plural, one {dosyası} other {dosyaları}} {mb} MB’tan büyük; help desk dosya başına en fazla bunu kabul ediyor.',
  'outbox.fileUnnamed': 'dosya',
  'outbox.filesNoLink': 'Slack bu dosyalar için bir bağlantı vermedi. Lütfen yeniden ekleyin.',
  'outbox.fileMaybeAttached': '“{name}” eklenmemiş olabilir: help desk yanıt vermedi. Talebin dosyalarına bakın.',
  'outbox.fileNotAttached': '“{name}” eklenemedi: {reason}',
  'outbox.filesLabel': 'Dosyalar',
  'outbox.filesHint': 'En fazla {max} dosya, her biri {mb} MB.',
  'outbox.filesFromMessage': ':paperclip: *Mesajdaki dosyalar* (gönderince eklenir)',
  'outbox.fileSkipped': ' — _eklenmeyecek: {reason}_',
  // ── dış takip sistemlerindeki kayıtlar ──
  'outbox.linkedIssues': ':link: Bağlı kayıtlar: {links}',
} as const;
