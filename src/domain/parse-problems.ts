/**
 * What a parser can say is wrong with what was typed: one key per sentence and the values the sentence
 * shows. The sentences themselves are in the message catalogs (src/i18n/en/parsing.ts and
 * src/i18n/tr/parsing.ts, keys `parse.…`), which must have every key here with exactly these
 * placeholders (a missing key, or a placeholder the parser does not give, does not compile); the kernel
 * words a problem in the reader's language when it shows it (src/i18n/parse-problems.ts).
 *
 * Domain code imports nothing of the project, so the keys live here and the catalogs follow them.
 */

type None = Record<never, never>;

/** Which kind of id `parseTalepId` expected. */
export type IdKind = 'talep' | 'asset' | 'company' | 'rule';
/** The `/talep search` filters (src/commands/search/query.ts). */
export type SearchFilterName = 'status' | 'category' | 'assignee' | 'by' | 'from' | 'to';

export interface ParseProblems {
  // ── the shared grammar (src/slack/args.ts) ──
  'parse.id': { what: IdKind; text: string };
  'parse.idMissing': { what: IdKind };
  'parse.assignee': None;
  'parse.noArgs': None;
  /** `reminders`, `feeds`: a command word that takes nothing. */
  'parse.takesNothing': { command: string };

  // ── domain ──
  'parse.priority': None;
  'parse.status': None;
  'parse.unfurlMode': None;
  'parse.when': None;
  'parse.notTimeOfDay': { text: string };
  'parse.notCalendarDate': { text: string };
  'parse.notDateTime': { text: string };
  'parse.alreadyPassed': { text: string };
  /** `count` categories are known; `known` lists their names. */
  'parse.noCategory': { name: string; known: string; count: number };
  'parse.severalCategories': { name: string; candidates: string };
  'parse.tagTooLong': { max: number; start: string };

  // ── talep work, extras, comments, relations, reminders ──
  'parse.assignWho': None;
  'parse.closeExtra': { text: string };
  'parse.subscribeWho': { text: string };
  'parse.secondaryWho': None;
  'parse.whichTags': None;
  'parse.tagsList': None;
  'parse.commentsPage': { text: string };
  'parse.twoTaleps': None;
  'parse.onlyTwoTaleps': { text: string };
  'parse.relatedToItself': None;
  'parse.mergedIntoItself': None;
  'parse.ownSubTalep': None;
  'parse.subUsage': None;
  'parse.remindWhen': None;
  'parse.language': None;

  // ── users ──
  'parse.personRef': { text: string };
  'parse.personRefMissing': None;
  'parse.newUserEmail': { text: string };
  'parse.permissionCategory': { verb: 'grant' | 'revoke'; target: string };
  'parse.mergeInto': { text: string };
  'parse.mergeIntoMissing': None;
  'parse.mergeUserSelf': None;
  'parse.userListOneKind': { first: string; second: string };
  'parse.userListPage': { text: string };
  'parse.userListOnePage': None;
  'parse.userListWord': { text: string; modes: string };

  // ── companies, categories, assets ──
  'parse.companyNameEmpty': None;
  'parse.notDomains': { domains: string };
  'parse.companyName': None;
  'parse.companyUsage': None;
  'parse.categoryAction': { text: string };
  'parse.categorySection': { text: string };
  'parse.categoryName': None;
  'parse.categoryNameLong': { max: number; length: number };
  'parse.assetTooShort': { text: string; min: number };
  'parse.assetTypeMore': { min: number };
  'parse.assetPrefixLong': { max: number };
  'parse.assetNewNoArgs': None;
  'parse.assetTalep': { verb: 'link' | 'unlink'; text: string };
  'parse.assetTalepMissing': { verb: 'link' | 'unlink' };

  // ── knowledge base, search, feeds ──
  'parse.kbTooLong': { max: number };
  'parse.kbArticleId': None;
  'parse.kbCategoryName': None;
  'parse.filterOnce': { name: string };
  'parse.searchTooLong': { max: number };
  'parse.searchUnknownFilter': { name: string };
  'parse.searchNeedsValue': { name: SearchFilterName };
  'parse.searchStatus': { text: string };
  'parse.searchMention': { name: SearchFilterName; text: string };
  'parse.searchPerson': { name: SearchFilterName; text: string };
  'parse.searchNotDate': { name: SearchFilterName; text: string };
  'parse.searchDate': { name: SearchFilterName; text: string };
  'parse.searchNothing': None;
  'parse.searchFromAfterTo': { from: string; to: string };
  'parse.fromAfterTo': None;
  'parse.feedOneChannel': None;
  'parse.feedStray': { text: string };
  'parse.feedNeedsValue': { name: string };
  'parse.feedEvent': { text: string; events: string };
  'parse.feedFilter': { name: string };
  'parse.feedNumber': None;
}

export type ParseKey = keyof ParseProblems;

/** One problem: its key and the values its sentence shows. */
export type ParseProblem = { [K in ParseKey]: { key: K; params: ParseProblems[K] } }[ParseKey];

/** The values after the key: none for a sentence without placeholders, else exactly its own. */
export type ProblemParams<K extends ParseKey> = keyof ParseProblems[K] extends never ? [] : [ParseProblems[K]];
