import type { Catalog } from '../catalog.js';
import type { leftoversEn } from '../en/leftovers.js';

/** Turkish messages of the last leftovers (spread into ../tr.ts). */
export const leftoversTr: Catalog<typeof leftoversEn> = {
  'customFields.userTitle': 'Kullanıcı özel alanları',
  'customFields.companyTitle': 'Şirket özel alanları',
  'customFields.talepTitle': 'Talep özel alanları',
  'customFields.assetTitle': 'Varlık özel alanları',
  'customFields.assetValuesUnknownNote':
    'Yardım masası bir varlığın mevcut özel alan değerlerini bildirmediği için tüm alanlar boş başlar: yalnızca doldurduğunuz alanlar gönderilir.',
  'kb.staleArticle': ':warning: Bu düğme bir makaleyi göstermiyor. Lütfen `/talep kb <kelimeler>` komutunu yeniden çalıştırın.',
  'kb.staleArticleId': ':warning: Bu düğme bir makaleyi göstermiyor. Lütfen `/talep kb <id>` komutunu yeniden çalıştırın.',
  'rules.summaryLine': 'Eğer {when} → {then}',
  'rules.summaryAnd': 've',
  'rules.summaryOr': 'veya',
  'rules.summaryNoConditions': '(koşul yok)',
  'rules.summaryNoActions': '(eylem yok)',
  'rules.summaryMore': ' (+{count, number} tane daha)',
  'connect.signInEitherNotBoth': 'Lütfen ya kullanıcı adınızı ve parolanızı ya da bir token girin, ikisini birden değil.',
  'connect.signInNoUsername': 'Lütfen yardım masası kullanıcı adınızı girin.',
  'connect.signInNoPassword': 'Lütfen parolanızı girin.',
  'connect.signInNothing': 'Lütfen kullanıcı adınızı ve parolanızı girin ya da aşağıya bir token yapıştırın.',
  'connect.signInNoToken': 'Lütfen API tokenınızı yapıştırın.',
  'connect.signInBadToken': 'Bu bir token gibi görünmüyor: lütfen boşluk olmadan, eksiksiz yapıştırın.',
  'connect.refusedPassword': 'Yardım masası bu kullanıcı adını ve parolayı kabul etmedi.',
  'connect.refusedToken': 'Yardım masası bu tokenı kabul etmedi. Lütfen token sayfanızdan yeniden kopyalayın (yeni bir parola eski tokenları geçersiz kılar).',
  'newTalep.checkChooseCategory': 'Lütfen bir kategori seçin.',
  'newTalep.checkFieldsLoading': 'Bu kategorinin alanları hâlâ yükleniyor. Lütfen birazdan yeniden gönderin.',
  'newTalep.checkNoSubject': 'Lütfen talebe bir konu yazın.',
  'newTalep.checkSubjectTooLong': 'Konu en fazla {max, number} karakter olabilir (şu an {length, number}).',
  'newTalep.checkRequired': 'Bu alan zorunludur.',
  'newTalep.checkPickDate': 'Lütfen bir tarih seçin.',
  'newTalep.checkPickOption': 'Lütfen seçeneklerden birini seçin.',
  'slackPeople.notVisible': '<@{userId}> görebildiğim bir Slack kullanıcısı değil.',
  'slackPeople.noEmail': "<@{userId}> kullanıcısının Slack'te e-posta adresi yok, bu yüzden onu yardım masasında bulamıyorum.",
  'slackPeople.noMatch': '<@{userId}> kullanıcısının e-posta adresine ({email}) sahip bir yardım masası kullanıcısı yok.',
  'slackPeople.needsAgent': 'Slack kullanıcılarını yardım masasında bulmak için temsilci yetkisi gerekir.',
};
