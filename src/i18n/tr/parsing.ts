/**
 * parsing alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/parsing.ts ile aynı): bir
 * argüman ayrıştırıcısının yazılanda neyi beklemediği. Ayrıştırıcının Türkçe sözcükleri de kabul ettiği
 * yerlerde (öncelik, durum, önizleme, dil) Türkçe sözcükler önce, İngilizceleri yanında gösterilir.
 * Komut sözcükleri ve filtreler (`status:`, `today`, `+3d`…) yazıldıkları gibi kalır.
 */
import type { Catalog } from '../catalog.js';
import type { parsingEn } from '../en/parsing.js';

export const parsingTr: Catalog<typeof parsingEn> = {
  // ── ortak dilbilgisi ──
  'parse.id':
    '{what, select, talep {Bir talep numarası} asset {Bir varlık numarası} company {Bir şirket numarası} rule {Bir kural numarası} other {Bir numara}} bekleniyordu (42 gibi bir sayı); “{text}” yazdınız.',
  'parse.idMissing':
    '{what, select, talep {Bir talep numarası} asset {Bir varlık numarası} company {Bir şirket numarası} rule {Bir kural numarası} other {Bir numara}} bekleniyordu (42 gibi bir sayı), ama bir şey yazmadınız.',
  'parse.assignee': '@birisi, `me` (kendiniz) ya da `none` (hiç kimse) bekleniyordu.',
  'parse.noArgs': 'Bu komut argüman almaz.',
  'parse.takesNothing': '`{command}` komutundan sonra bir şey yazılmaz.',

  // ── alan bilgisi ──
  'parse.priority': 'Bir öncelik bekleniyordu: `düşük`, `normal`, `yüksek` ya da `kritik` (`low`, `normal`, `high`, `critical`).',
  'parse.status': 'Bir durum bekleniyordu: `yeni`, `devam` ya da `kapalı` (`new`, `progress`, `closed`).',
  'parse.unfurlMode': '`açık`, `özet` ya da `kapalı` (`on`, `summary`, `off`) bekleniyordu.',
  'parse.when': 'Bir tarih ya da saat bekleniyordu: `today` (bugün), `tomorrow` (yarın), `+3d`, `+2h`, `17:00`, `2026-12-01` ya da `2026-12-01 17:00`.',
  'parse.notTimeOfDay': '“{text}” geçerli bir saat değil.',
  'parse.notCalendarDate': '“{text}” takvimde olan bir tarih değil.',
  'parse.notDateTime': '“{text}” geçerli bir tarih ve saat değil.',
  'parse.alreadyPassed': '“{text}” geçti; daha ileri bir zaman seçin.',
  'parse.noCategory': '“{name}” adında bir kategori yok. {count, plural, =0 {Hiç kategoriniz yok.} other {Kategorileriniz: {known}.}}',
  'parse.severalCategories': '“{name}” birden çok kategoriyle eşleşiyor: {candidates}. Lütfen daha belirgin yazın.',
  'parse.tagTooLong': 'Bir etiket en çok {max} karakter olabilir; “{start}…” daha uzun.',

  // ── talep işleri, ayrıntılar, yorumlar, ilişkiler, hatırlatmalar ──
  'parse.assignWho': 'Kime atansın? @birisi, `me` (kendiniz) ya da `none` (hiç kimse) ekleyin.',
  'parse.closeExtra': '`close` (kapat) yalnızca bir talep numarası alır; ardından “{text}” yazdınız.',
  'parse.subscribeWho': '@birisi bekleniyordu (kendiniz için boş bırakın); “{text}” yazdınız.',
  'parse.secondaryWho': 'Kim? @birisi (talebin kategorisinden bir temsilci) ya da `me` (kendiniz) ekleyin.',
  'parse.whichTags': 'Hangi etiketler? Birden çoğunu virgülle ayırın, ör. `yazıcı, toner`.',
  'parse.tagsList': 'Yeni etiketleri yazın, ör. `tags 12 yazıcı, toner`; hepsini kaldırmak için `tags 12 none`.',
  'parse.commentsPage': 'Talep numarasından sonra bir sayfa numarası (1, 2, …) bekleniyordu; “{text}” yazdınız.',
  'parse.twoTaleps': 'İki talep belirtin, ör. `12 34`.',
  'parse.onlyTwoTaleps': 'Lütfen yalnızca iki talep numarası yazın; ardından “{text}” geldi.',
  'parse.relatedToItself': 'Bir talep kendisiyle ilişkilendirilemez.',
  'parse.mergedIntoItself': 'Bir talep kendisiyle birleştirilemez.',
  'parse.ownSubTalep': 'Bir talep kendi alt talebi olamaz.',
  'parse.subUsage': 'Şunlardan birini deneyin: `sub add <üst> <alt>`, `sub remove <üst> <alt>` ya da `sub list <numara>`.',
  'parse.remindWhen': 'Ne zaman? ör. `today` (bugün), `tomorrow` (yarın), `+3d`, `+2h`, `17:00`, `2026-12-01` ya da `2026-12-01 17:00`.',
  'parse.language': '`tr`, `en` ya da `auto` bekleniyordu (bu konuşma için önüne `kanal` ekleyin).',

  // ── kullanıcılar ──
  'parse.personRef': '@birisi, bir e-posta adresi ya da bir help-desk kullanıcı adı bekleniyordu; “{text}” yazdınız.',
  'parse.personRefMissing': '@birisi, bir e-posta adresi ya da bir help-desk kullanıcı adı bekleniyordu, ama bir şey yazmadınız.',
  'parse.newUserEmail': '“{text}” bir e-posta adresi değil. Boş bir form için yalnızca `user new` yazın.',
  'parse.permissionCategory': 'Hangi kategori? ör. `user {verb} {target} Donanım`.',
  'parse.mergeInto': 'Kiminle birleştirilsin? @birisi, bir e-posta adresi ya da bir help-desk kullanıcı adı bekleniyordu; “{text}” yazdınız.',
  'parse.mergeIntoMissing': 'Kiminle birleştirilsin? @birisi, bir e-posta adresi ya da bir help-desk kullanıcı adı ekleyin.',
  'parse.mergeUserSelf': 'Bir kullanıcı kendisiyle birleştirilemez.',
  'parse.userListOneKind': 'Bir seferde tek tür kullanıcı listeleyin (`{first}` ya da `{second}`).',
  'parse.userListPage': 'Sayfalar 1’den başlar; “{text}” bir sayfa değil.',
  'parse.userListOnePage': 'Tek bir sayfa numarası yazın.',
  'parse.userListWord': '“{text}” ne bir kullanıcı türü ({modes}) ne de bir sayfa numarası.',

  // ── şirketler, kategoriler, varlıklar ──
  'parse.companyNameEmpty': 'Şirket adı boş.',
  'parse.notDomains': 'Bunlar e-posta alan adı değil: {domains}.',
  'parse.companyName': 'Bir şirket adı bekleniyordu, ör. `company new Acme Lojistik acme.com`.',
  'parse.companyUsage': 'Şunlardan birini deneyin: `company list`, `company new <ad> [alan adları]`, `company edit <numara>` ya da `company fields <numara>`.',
  'parse.categoryAction': 'Bilinmeyen `category` işlemi “{text}”: `list` (ardından bir şey yazmadan) ya da `new <ad>` kullanın.',
  'parse.categorySection': 'Bölüm bir sayıdır, ör. `section:2`; “{text}” yazdınız.',
  'parse.categoryName': 'Kategoriye bir ad verin, ör. `category new Yazıcılar section:1`.',
  'parse.categoryNameLong': 'Ad en çok {max} karakter olabilir (yazdığınız {length} karakter).',
  'parse.assetTooShort': '“{text}” çok kısa: help desk varlıkları modelin ya da üreticinin en az {min} karakteriyle arar.',
  'parse.assetTypeMore': 'Bir model ya da üreticinin en az {min} karakterini yazın, ör. `/talep asset thinkpad`.',
  'parse.assetPrefixLong': 'Lütfen en çok {max} karakterlik bir ad başlangıcı yazın.',
  'parse.assetNewNoArgs': '`asset new` argüman almaz: formu açar. Adı “new” ile başlayan varlıkları bulmak için `/talep asset search new …` yazın.',
  'parse.assetTalep':
    '{verb, select, unlink {Hangi talepten bağı kaldırılsın?} other {Hangi talebe bağlansın?}} Bir talep numarası bekleniyordu (42 gibi bir sayı); “{text}” yazdınız.',
  'parse.assetTalepMissing':
    '{verb, select, unlink {Hangi talepten bağı kaldırılsın?} other {Hangi talebe bağlansın?}} Talep numarasını ekleyin (42 gibi bir sayı).',

  // ── bilgi bankası, arama, akışlar ──
  'parse.kbTooLong': 'Aramak için bu çok uzun (en çok {max} karakter).',
  'parse.kbArticleId': 'Makale numaraları 1’den başlar.',
  'parse.kbCategoryName': '`category:` bir ad ister, ör. `category:Ağ` ya da `category:"Ofis Malzemeleri"`.',
  'parse.filterOnce': '`{name}:` yalnızca bir kez yazılabilir.',
  'parse.searchTooLong': 'Bu arama çok uzun (en çok {max} karakter).',
  'parse.searchUnknownFilter':
    'Bilinmeyen filtre `{name}:`. Şunları kullanın: status:, category:, assignee:, by:, from:, to:. Metnin kendisini aramak için onu "tırnak" içine alın.',
  'parse.searchNeedsValue':
    '`{name}:` bir değer ister, ör. {name, select, status {`status:new,progress`} category {`category:Donanım` ya da `category:"Ofis Malzemeleri"`} assignee {`assignee:me`, `assignee:none` ya da `assignee:@birisi`} by {`by:me` ya da `by:@birisi`} from {`from:2026-01-31`, `from:today`, `from:yesterday` ya da `from:-7d`} to {`to:2026-01-31`, `to:today`, `to:yesterday` ya da `to:-7d`} other {`{name}:…`}}.',
  'parse.searchStatus': '`status:` new, progress, closed ya da open bekler (ör. `status:new,progress`); “{text}” yazdınız.',
  'parse.searchMention': '`{name}:` için “{text}” yazdınız, ama Slack bunu bir anmaya çevirmedi. Kişiyi Slack’in @ önerilerinden seçin.',
  'parse.searchPerson':
    '`{name}:` şunu bekler: {name, select, assignee {`assignee:me`, `assignee:none` ya da `assignee:@birisi`} other {`{name}:me` ya da `{name}:@birisi`}}; “{text}” yazdınız.',
  'parse.searchNotDate': '`{name}:` “{text}” takvimde olan bir tarih değil.',
  'parse.searchDate':
    '`{name}:` bir tarih bekler, ör. `{name}:2026-01-31`, `{name}:today`, `{name}:yesterday` ya da `{name}:-7d`; “{text}” yazdınız.',
  'parse.searchNothing': 'Ne arayayım? Birkaç sözcük, `status:new` gibi bir filtre ya da ikisini birden yazın.',
  'parse.searchFromAfterTo': '`from:` {from} tarihi, `to:` {to} tarihinden sonra.',
  'parse.fromAfterTo': '`from:` tarihi `to:` tarihinden sonra.',
  'parse.feedOneChannel': 'Tek bir kanal belirtin.',
  'parse.feedStray':
    '“{text}” anlaşılmadı. `#kanal`, `category:…`, `priority:high+`, `assignee:me|none|ad` ya da `events:new,comment,…` kullanın.',
  'parse.feedNeedsValue': '`{name}:` bir değer ister.',
  'parse.feedEvent': 'Bilinmeyen olay “{text}”: şunları kullanın: {events}.',
  'parse.feedFilter': 'Bilinmeyen filtre `{name}:`. `category:`, `priority:`, `assignee:` ya da `events:` kullanın.',
  'parse.feedNumber': 'Hangi akış? ör. `/talep feed remove 2` (numaralar `/talep feeds` listesinde).',
};
