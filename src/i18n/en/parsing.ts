/**
 * English messages of the parsing area (spread into ../en.ts): what an argument parser says is wrong
 * with what was typed, shown by the kernel as `help.usageProblem` (`:warning: … Usage: …`). The keys and
 * the values each message gets are src/domain/parse-problems.ts: a key missing here, an extra one, or a
 * placeholder the parser does not give does not compile (`satisfies` and `CheckedAgainst` below).
 */
import type { ParseKey, ParseProblems } from '../../domain/parse-problems.js';
import type { MessageParams } from '../placeholders.js';

export const parsingEn = {
  // ── the shared grammar ──
  'parse.id':
    'Expected {what, select, talep {a talep id} asset {an asset id} company {a company id} rule {a rule id} other {an id}} (a number such as 42), got “{text}”.',
  'parse.idMissing':
    'Expected {what, select, talep {a talep id} asset {an asset id} company {a company id} rule {a rule id} other {an id}} (a number such as 42), got nothing.',
  'parse.assignee': 'Expected @someone, `me` or `none`.',
  'parse.noArgs': 'This command takes no arguments.',
  'parse.takesNothing': '`{command}` takes nothing after it.',

  // ── domain ──
  'parse.priority': 'Expected a priority: `low`, `normal`, `high` or `critical`.',
  'parse.status': 'Expected a status: `new`, `progress` or `closed`.',
  'parse.unfurlMode': 'Expected `on`, `summary` or `off`.',
  'parse.when': 'Expected a date or time: `today`, `tomorrow`, `+3d`, `+2h`, `17:00`, `2026-12-01` or `2026-12-01 17:00`.',
  'parse.notTimeOfDay': '“{text}” is not a time of day.',
  'parse.notCalendarDate': '“{text}” is not a calendar date.',
  'parse.notDateTime': '“{text}” is not a date and time.',
  'parse.alreadyPassed': '“{text}” has already passed; pick a later time.',
  'parse.noCategory': 'No category “{name}”. {count, plural, =0 {You have no categories.} other {Your categories: {known}.}}',
  'parse.severalCategories': '“{name}” matches several categories: {candidates}. Be more specific.',
  'parse.tagTooLong': 'A tag has at most {max} characters; “{start}…” is longer.',

  // ── talep work, extras, comments, relations, reminders ──
  'parse.assignWho': 'Who should take it? Add @someone, `me` or `none`.',
  'parse.closeExtra': '`close` takes only a talep id; got “{text}” after it.',
  'parse.subscribeWho': 'Expected @someone (or nothing, for yourself), got “{text}”.',
  'parse.secondaryWho': 'Who? Add @someone (an agent of the talep’s category) or `me`.',
  'parse.whichTags': 'Which tags? Separate several with commas, e.g. `printer, toner`.',
  'parse.tagsList': 'List the new tags, e.g. `tags 12 printer, toner`, or `tags 12 none` to remove them all.',
  'parse.commentsPage': 'Expected a page number (1, 2, …) after the talep id, got “{text}”.',
  'parse.twoTaleps': 'Name two taleps, e.g. `12 34`.',
  'parse.onlyTwoTaleps': 'Only two talep ids, please; got “{text}” after them.',
  'parse.relatedToItself': 'A talep cannot be related to itself.',
  'parse.mergedIntoItself': 'A talep cannot be merged into itself.',
  'parse.ownSubTalep': 'A talep cannot be its own sub-talep.',
  'parse.subUsage': 'Try `sub add <parent> <child>`, `sub remove <parent> <child>` or `sub list <id>`.',
  'parse.remindWhen': 'When? e.g. `today`, `tomorrow`, `+3d`, `+2h`, `17:00`, `2026-12-01` or `2026-12-01 17:00`.',
  'parse.language': 'Expected `tr`, `en` or `auto` (and `channel` for this conversation).',

  // ── users ──
  'parse.personRef': 'Expected @someone, an e-mail address or a help-desk user name, got “{text}”.',
  'parse.personRefMissing': 'Expected @someone, an e-mail address or a help-desk user name, got nothing.',
  'parse.newUserEmail': '“{text}” is not an e-mail address. `user new` alone opens an empty form.',
  'parse.permissionCategory': 'Which category? e.g. `user {verb} {target} Hardware`.',
  'parse.mergeInto': 'Merge into whom? Expected @someone, an e-mail address or a help-desk user name, got “{text}”.',
  'parse.mergeIntoMissing': 'Merge into whom? Add @someone, an e-mail address or a help-desk user name.',
  'parse.mergeUserSelf': 'A user cannot be merged into themselves.',
  'parse.userListOneKind': 'List one kind of users at a time (`{first}` or `{second}`).',
  'parse.userListPage': 'Pages start at 1; “{text}” is not a page.',
  'parse.userListOnePage': 'Give one page number.',
  'parse.userListWord': '“{text}” is neither a kind of user ({modes}) nor a page number.',

  // ── companies, categories, assets ──
  'parse.companyNameEmpty': 'The company name is empty.',
  'parse.notDomains': 'Not e-mail domains: {domains}.',
  'parse.companyName': 'Expected a company name, e.g. `company new Acme Lojistik acme.com`.',
  'parse.companyUsage': 'Try `company list`, `company new <name> [domains]`, `company edit <id>` or `company fields <id>`.',
  'parse.categoryAction': 'Unknown `category` action “{text}”: use `list` (nothing after it) or `new <name>`.',
  'parse.categorySection': 'The section is a number, e.g. `section:2`; got “{text}”.',
  'parse.categoryName': 'Name the category, e.g. `category new Printers section:1`.',
  'parse.categoryNameLong': 'Keep the name to {max} characters (it has {length}).',
  'parse.assetTooShort': '“{text}” is too short: the help desk searches assets by at least {min} characters of the model or manufacturer.',
  'parse.assetTypeMore': 'Type at least {min} characters of a model or manufacturer, e.g. `/talep asset thinkpad`.',
  'parse.assetPrefixLong': 'A name prefix of at most {max} characters, please.',
  'parse.assetNewNoArgs': '`asset new` takes no arguments: it opens the form. To find assets whose name starts with “new”, use `/talep asset search new …`.',
  'parse.assetTalep':
    '{verb, select, unlink {Unlink from} other {Link to}} which talep? Expected a talep id (a number such as 42), got “{text}”.',
  'parse.assetTalepMissing': '{verb, select, unlink {Unlink from} other {Link to}} which talep? Add its talep id (a number such as 42).',

  // ── knowledge base, search, feeds ──
  'parse.kbTooLong': 'That is too long to search for (at most {max} characters).',
  'parse.kbArticleId': 'Article ids start at 1.',
  'parse.kbCategoryName': '`category:` needs a name, e.g. `category:Network` or `category:"Office Supplies"`.',
  'parse.filterOnce': '`{name}:` can be given only once.',
  'parse.searchTooLong': 'That search is too long (at most {max} characters).',
  'parse.searchUnknownFilter':
    'Unknown filter `{name}:` — use status:, category:, assignee:, by:, from:, to:. To search for the text itself, put it in "quotes".',
  'parse.searchNeedsValue':
    '`{name}:` needs a value, e.g. {name, select, status {`status:new,progress`} category {`category:Hardware` or `category:"Office Supplies"`} assignee {`assignee:me`, `assignee:none` or `assignee:@someone`} by {`by:me` or `by:@someone`} from {`from:2026-01-31`, `from:today`, `from:yesterday` or `from:-7d`} to {`to:2026-01-31`, `to:today`, `to:yesterday` or `to:-7d`} other {`{name}:…`}}.',
  'parse.searchStatus': '`status:` expects new, progress, closed or open (e.g. `status:new,progress`); got “{text}”.',
  'parse.searchMention': '`{name}:` got “{text}”, which Slack did not turn into a mention. Pick the person from Slack’s @ suggestions.',
  'parse.searchPerson':
    '`{name}:` expects {name, select, assignee {`assignee:me`, `assignee:none` or `assignee:@someone`} other {`{name}:me` or `{name}:@someone`}}; got “{text}”.',
  'parse.searchNotDate': '`{name}:` “{text}” is not a calendar date.',
  'parse.searchDate':
    '`{name}:` expects a date such as `{name}:2026-01-31`, `{name}:today`, `{name}:yesterday` or `{name}:-7d`; got “{text}”.',
  'parse.searchNothing': 'Tell me what to search for: some words, a filter such as `status:new`, or both.',
  'parse.searchFromAfterTo': '`from:` {from} is after `to:` {to}.',
  'parse.fromAfterTo': '`from:` is after `to:`.',
  'parse.feedOneChannel': 'Give one channel.',
  'parse.feedStray':
    'I did not understand “{text}”. Use `#channel`, `category:…`, `priority:high+`, `assignee:me|none|name` or `events:new,comment,…`.',
  'parse.feedNeedsValue': '`{name}:` needs a value.',
  'parse.feedEvent': 'Unknown event “{text}”: use {events}.',
  'parse.feedFilter': 'Unknown filter `{name}:`. Use `category:`, `priority:`, `assignee:` or `events:`.',
  'parse.feedNumber': 'Which feed? e.g. `/talep feed remove 2` (numbers are in `/talep feeds`).',
} as const satisfies Record<ParseKey, string>;

/**
 * Each message takes exactly the values its parser gives: the same names, and values the message can
 * show (a `plural` needs a number). A key listed here has a mismatch; the line below fails to compile.
 */
type Mismatched = {
  [K in ParseKey]: [ParseProblems[K]] extends [MessageParams<(typeof parsingEn)[K]>]
    ? [keyof ParseProblems[K]] extends [keyof MessageParams<(typeof parsingEn)[K]>]
      ? [keyof MessageParams<(typeof parsingEn)[K]>] extends [keyof ParseProblems[K]]
        ? never
        : K
      : K
    : K;
}[ParseKey];
export const parsingChecked: [Mismatched] extends [never] ? true : { mismatched: Mismatched } = true;
