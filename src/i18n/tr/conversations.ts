/** conversations alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/conversations.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { conversationsEn } from '../en/conversations.js';

export const conversationsTr: Catalog<typeof conversationsEn> = {
  // ── /talep kanal: ayarlar penceresi ──
  'conversations.channelTitle': 'Kanal ayarları',
  'conversations.saveSubmit': 'Kaydet',
  'conversations.choosePlaceholder': 'Seçin',
  'conversations.channelIntro':
    '<#{channel}> kanalının ayarları. Talepler her zaman mesajı yazan (ya da emojiyle tepki veren) kişi adına, onun kendi help-desk hesabıyla açılır.',
  'conversations.modeLabel': 'Çalışma biçimi',
  'conversations.modeOffOption': 'Kapalı — talepler yalnızca emoji ya da kısayollarla açılır',
  'conversations.modeRequestOption': 'Talep kanalı — her yeni mesaj bir talep olur',
  'conversations.modeTriageOption': 'Ayıklama — yeni mesajlara temsilciler için “Talep aç” düğmesi',
  'conversations.defaultCategory': 'Varsayılan kategori',
  'conversations.defaultCategoryHint': 'Seçilmezse herkesin en son kullandığı kategori.',
  'conversations.defaultPriority': 'Varsayılan öncelik',
  'conversations.emojiLabel': 'Talep açan emoji',
  'conversations.emojiHint': 'Bir mesaja bu emojiyle tepki verildiğinde o mesajdan talep açılır.',
  'conversations.syncLabel': 'Yazışma eşitleme',
  'conversations.syncOption': 'Bağlı ileti dizilerini ve taleplerini eşit tut',
  'conversations.syncHint': 'Bağlı ileti dizilerindeki yanıtlar yoruma dönüşür; help desk’teki herkese açık yorumlar da orada görünür.',
  'conversations.channelOutOfDate': ':warning: Bu formun süresi geçmiş. `/talep kanal` komutunu yeniden çalıştırın.',
  'conversations.emojiInvalid': 'Bir emoji adı yazın, örneğin :ticket:.',
  'conversations.channelSaved':
    ':white_check_mark: Kaydedildi: <#{channel}> artık {mode, select, request {bir talep kanalı} triage {bir ayıklama kanalı} other {sıradan bir kanal}}; :{emoji}: talep açar; yazışma eşitleme {sync, select, on {açık} other {kapalı}}.',
  'conversations.notInChannel': ':warning: `/talep kanal` komutunu ayarlamak istediğiniz kanalda kullanın.',
  'conversations.managersOnly': ':no_entry: Bu kanalın ayarlarını yalnızca kanalı oluşturan kişi, çalışma alanı yöneticileri ve help-desk yöneticileri değiştirebilir.',

  // ── Ayrıntıları düzenle (emojiyle açılan talep) ──
  'conversations.editTitle': 'Talep #{id}',
  'conversations.editDetailsTitle': 'Ayrıntıları düzenle',
  'conversations.subject': 'Konu',
  'conversations.category': 'Kategori',
  'conversations.priority': 'Öncelik',
  'conversations.editOutOfDate': ':warning: Bu formun süresi geçmiş.',
  'conversations.subjectMissing': 'Talebe bir konu yazın.',
  'conversations.saving': 'Kaydediliyor…',
  'conversations.editSaved': ':white_check_mark: #{id} numaralı talep kaydedildi.',

  // ── yazışma eşitleme: ileti dizisindeki mesajlar (kanalın dili) ──
  'conversations.helpdeskCommentHead': '*{author}* help desk’te yazdı:',
  'conversations.helpdeskCommentText': '{author} help desk’te yazdı: {text}',
  'conversations.noText': '_(metin yok)_',
  'conversations.commentFooter': 'Talep #{id} · buradaki yanıtlar talebe yorum olarak eklenir',
  'conversations.userById': 'kullanıcı {id}',
  'conversations.closedNote': ':white_check_mark: #{id} numaralı talep help desk’te kapatıldı.',
  'conversations.reopenedNote': ':arrows_counterclockwise: #{id} numaralı talep yeniden açıldı.',
  'conversations.notFollowed':
    ':information_source: Bir yanıtın {what, select, edit {düzenlenmesi} other {silinmesi}} #{id} numaralı talepteki yoruma uygulanamadı: {reason}',
  'conversations.notFollowedLate': 'yanıttan 10 dakikadan daha sonra geldi.',
  'conversations.notFollowedNoComment': 'yanıtın dönüştüğü yorum bulunamadı.',
  'conversations.notFollowedNoLink': 'yazarının help-desk bağlantısı artık yok.',
  'conversations.talepOpenedHereText': 'Bu mesajdan #{id} numaralı talep açıldı.',
  'conversations.talepOpenedHere':
    ':ticket: <@{user}> bu mesajdan <{url}|*#{id}* {subject}> talebini açtı. Bu ileti dizisindeki yanıtlar talebe yorum olarak eklenir.',
  'conversations.showButton': 'Talebi göster',
  'conversations.openButton': 'Help desk’te aç',
  'conversations.triageText': 'Temsilciler: bu mesajdan bir talep açın.',
  'conversations.triage': ':inbox_tray: Temsilciler: bu mesajdan (yazarı adına) bir talep açın.',
  'conversations.openTalepButton': 'Talep aç',

  // ── yazışma eşitleme: yalnızca yanıtlayanın gördükleri (kendi dili) ──
  'conversations.connectToAddReply':
    'Bu ileti dizisindeki yanıtınız #{id} numaralı talebe eklenmedi: help-desk hesabınızı bağlayın, sonra *Yanıtımı ekle* düğmesine basın. Yanıtınızı o zamana kadar saklıyorum.',
  'conversations.connectToAddReplyText': 'Yanıtınızı #{id} numaralı talebe eklemek için help-desk hesabınızı bağlayın.',
  'conversations.addMyReplyButton': 'Yanıtımı ekle',
  'conversations.dismissButton': 'Vazgeç',
  'conversations.replyAdded': ':white_check_mark: Yanıtınız #{id} numaralı talebe eklendi.',
  'conversations.replyDismissed': ':wastebasket: Yanıtınız eklenmedi; onu unuttum.',
  'conversations.replyGone': ':information_source: Bu yanıt zaten eklendi ya da bırakıldı.',
  'conversations.replyNotAdded': 'Yanıtınız #{id} numaralı talebe eklenmedi: {reason}',
  'conversations.replyKept': 'Yanıtınız sırada — help desk yeniden açıldığında talebe eklenecek.',
  'conversations.onlyAgentsComment':
    'help desk, yalnızca yöneticilerin ve talebin kategorisindeki temsilcilerin yorum yazmasına izin veriyor. Onlardan birinden eklemesini isteyin.',
  'conversations.connectThenAddReply': 'Önce help-desk hesabınızı bağlayın, sonra *Yanıtımı ekle* düğmesine yeniden basın.',
  'conversations.deletedInSlack': '(Bu yanıt Slack’te silindi.)',

  // ── talep kanalları, ayıklama ve emoji: yalnızca kişinin gördükleri ──
  'conversations.emojiTalepText': 'Mesajdan #{id} numaralı talep açıldı.',
  'conversations.emojiTalep': ':ticket: Tepki verdiğiniz mesajdan{where} <{url}|*#{id}* {subject}> talebi açıldı.',
  'conversations.inCategory': ' *{category}* kategorisinde',
  'conversations.editDetailsButton': 'Ayrıntıları düzenle',
  'conversations.alreadyOpened': ':information_source: Bu mesajdan zaten #{id} numaralı talep açılmış.',
  'conversations.beingOpened': ':hourglass_flowing_sand: Bu mesajdan şu anda zaten bir talep açılıyor.',
  'conversations.connectToOpenText': 'Help-desk hesabınızı bağlayın; buradaki mesajınız bir talep olsun.',
  'conversations.connectToOpen':
    ':link: Bu kanaldaki mesajlar sizin adınıza talep olarak açılır: help-desk hesabınızı bağlayın, sonra *Talep aç* düğmesine basın. Mesajınızı o zamana kadar saklıyorum.',
  'conversations.triageAgentsOnly': ':no_entry: Bu ayıklama kanalında mesajlardan yalnızca temsilciler talep açar.',
  'conversations.connectThenReact': 'Help-desk hesabınızı bağlayın, sonra o mesajdan talep açmak için yeniden tepki verin.',
  'conversations.cannotReadMessage':
    ':warning: Bu mesajı okuyamadım (bot bu kanalda mı?). Bunun yerine mesajda *Talep aç* kısayolunu kullanın.',
  'conversations.talepKept': 'Talebiniz sırada — help desk yeniden açıldığında oluşturulacak.',

  // ── mesaj kısayolları: help desk’e giden metin (işlemi yapanın dili) ──
  'shortcuts.postedBy': '— Slack üzerinden {author} gönderdi',
  'shortcuts.postedByLink': '— Slack üzerinden {author} gönderdi: {link}',
  'shortcuts.messageFrom': 'Slack mesajı ({author})',
  'shortcuts.anApp': 'bir uygulama',
  'shortcuts.file': 'dosya',
  'shortcuts.moreFiles': '{count, plural, other {# dosya daha}}',
  'shortcuts.notInSlack': 'Slack’te saklanmıyor',
  'shortcuts.tooLarge': '{size} MB’tan büyük',
  'shortcuts.atMostFiles': 'en fazla {max} dosya aktarılır',
  'shortcuts.anotherFile': 'Yukarıdaki Slack mesajının bir dosyası daha: {name}',
  // ── mesaj kısayolları: kişinin gördükleri ──
  'shortcuts.noMessage': ':warning: Slack bunun hangi mesaj olduğunu söylemedi. Lütfen kısayolu yeniden deneyin.',
  'shortcuts.pickTalep': 'Listeden bir talep seçin (konusundan birkaç sözcük ya da #numarasını yazın).',
  'shortcuts.commentEmpty': 'Yorum boş.',
  'shortcuts.fileNotAdded': '“{name}” eklenemedi: {reason}',
  'shortcuts.refused':
    ':no_entry: Help desk reddetti: #{id} numaralı talebin kategorisinde yalnızca yöneticiler ve temsilciler yorum ekleyebilir. Onlardan birinden eklemesini isteyin ya da *Talep aç* ile bu mesajdan yeni bir talep açın.',
  'shortcuts.outOfDate': ':warning: Bu formun süresi geçmiş. Lütfen kısayolu yeniden kullanın.',
  'shortcuts.adding': ':hourglass_flowing_sand: Mesaj #{id} numaralı talebe ekleniyor…',
  'shortcuts.added': ':white_check_mark: Mesaj #{id} numaralı talebe eklendi.',
  'shortcuts.failed': ':warning: Mesaj #{id} numaralı talebe eklenemedi; nedenini size gönderdim.',
  'shortcuts.cancelled': ':wastebasket: Mesajı #{id} numaralı talebe eklemekten vazgeçtiniz.',
  'shortcuts.slowOption': 'Help desk şu an yavaş: biraz sonra yeniden yazın',
  'shortcuts.notFoundOption': '#{id} numaralı talep bulunamadı',
  'shortcuts.noMatchOption': '“{words}” ile eşleşen talep yok',
  'shortcuts.searchFailedOption': 'Help desk’te arama yapılamadı; yeniden deneyin',

  // ── özel alanlar formu ──
  'customFields.loading': 'Özel alanlar okunuyor…',
  'customFields.yesOption': 'Evet',
  'customFields.noOption': 'Hayır',
  'customFields.required': 'Help desk bu alanı zorunlu tutuyor.',
  'customFields.leavePlaceholder': 'Olduğu gibi kalsın',
  'customFields.choosePlaceholder': 'Seçin…',
  'customFields.notADate': 'Şu an: {value} (gösterebileceğim bir tarih değil).',
  'customFields.now': 'Şu an: {value}. ',
  'customFields.optionIdPlaceholder': 'Seçenek numarası',
  'customFields.optionIdHint': '{now}Help desk bir açılır liste değerini seçeneğin numarası olarak alır; olduğu gibi bırakmak için boş bırakın.',
  'customFields.none': 'Help desk’te bu türden özel alan yok.',
  'customFields.note': 'Yalnızca değiştirdiğiniz alanlar gönderilir. Bir metin alanını temizlemek için boşaltın.',
  'customFields.saveSubmit': 'Kaydet',
  'customFields.unchanged': '{subject} için özel alanlarda hiçbir şey değişmedi.',
  'customFields.saved': ':white_check_mark: {subject} için kaydedildi: {names}.',
  'customFields.optionIdNeeded': 'Seçeneğin numarasını yazın; help desk seçenek adlarını kabul etmiyor.',
  'customFields.fieldNumber': 'Alan #{id}',
  'customFields.fillOne': 'Kaydetmek için en az bir alanı doldurun (boş alanlar olduğu gibi kalır).',
  'customFields.outOfDate': ':warning: Bu formun süresi geçmiş. Yeniden açın.',
  'customFields.saving': 'Kaydediliyor…',
  'customFields.savedButNot': '{done} kaydedildi, ancak {name} kaydedilemedi: {problem}',
  'customFields.savedBefore': '{problem} Bundan önce kaydedilenler: {done}.',

  // ── talebin ayrıntı paneli (bakanın dili) ve belge önizlemeleri (kanalın dili) ──
  'unfurlDetails.openButton': 'Help desk’te aç',
  'unfurlDetails.showButton': 'Slack’te göster',
  'unfurlDetails.assignButton': 'Bana ata',
  'unfurlDetails.connectHeading': 'Help-desk hesabınızı bağlayın',
  'unfurlDetails.connect': 'Slack’te /talep connect ile help-desk hesabınızı bağlayın, sonra talebi kendi hesabınızla görmek için yeniden açın.',
  'unfurlDetails.talepTitle': 'Talep #{id}',
  'docUnfurl.by': 'yazan: {author}',

  // ── bilgi bankası: liste ve yeni makale formu ──
  'kbList.categoryNumber': 'Kategori #{id}',
  'kbForm.chooseCategory': 'Bir kategori seçin.',
  'kbForm.writeSubject': 'Bir konu yazın.',
  'kbForm.writeArticle': 'Makaleyi yazın.',
  'kbForm.atMost': 'En fazla {max} karakter.',
};
