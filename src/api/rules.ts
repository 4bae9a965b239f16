/**
 * Automation rules: `GET /Rule/{id}` answers an XML document (root `AutomationRule`, children `Conditions` and
 * `Actions`) that *declares* UTF-16 while the bytes on the wire may be UTF-16 in either byte order (with or
 * without a BOM) or UTF-8. This module decodes the bytes honestly, parses them with no DTD and no entity
 * expansion under a size limit, and reads the rule tolerantly: the inner structure of conditions and actions is
 * not published, so any element names are accepted.
 *
 * The sandbox's writer (`src/sandbox/rule-xml.ts`) emits the shape this parser knows best; the tests round-trip it.
 */
import { createRequire } from 'node:module';
// Types only here: the parser itself is loaded on the first rule read (`xml()`), not at start-up.
import type * as FastXmlParser from 'fast-xml-parser';

export interface RuleClause {
  /** Element name without namespace prefix, e.g. "Condition", "Action", "SetPriority". */
  kind: string;
  /** Leaf child elements and attributes as text; nested leaves under dotted names ("Field.Name"). */
  fields: Record<string, string>;
  /** One human line, e.g. "Subject contains “urgent”". */
  summary: string;
}

export interface AutomationRuleSummary {
  id: number;
  name?: string;
  enabled?: boolean;
  conditions: RuleClause[];
  actions: RuleClause[];
  /** How conditions combine when the XML says (e.g. "All"/"Any"), else undefined. */
  match?: string;
  /** The decoded XML text, kept for display and debugging. */
  rawXml: string;
}

export interface ParseRuleOptions {
  /** Larger documents are refused before decoding or parsing. Default 256 KiB. */
  maxBytes?: number;
}

export type RuleXmlErrorReason = 'too-large' | 'not-xml' | 'doctype' | 'not-a-rule';

/** Thrown for documents we refuse; the client wraps it in an 'invalid-response' HelpdeskError. */
export class RuleXmlError extends Error {
  override readonly name = 'RuleXmlError';
  readonly reason: RuleXmlErrorReason;

  constructor(reason: RuleXmlErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export const DEFAULT_MAX_RULE_BYTES = 256 * 1024;
const SUMMARY_MAX_CHARS = 200;
const CLAUSE_VALUE_MAX_CHARS = 60;

// ---------------------------------------------------------------------------------------------------------------
// Bytes -> text

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const utf16le = (bytes: Uint8Array) => new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes);

/** Swaps byte pairs and decodes as LE, so we do not depend on the ICU build knowing 'utf-16be'. */
function utf16be(bytes: Uint8Array): string {
  const even = bytes.length - (bytes.length % 2);
  const swapped = new Uint8Array(even);
  for (let i = 0; i < even; i += 2) {
    swapped[i] = bytes[i + 1] ?? 0;
    swapped[i + 1] = bytes[i] ?? 0;
  }
  return utf16le(swapped) + (even < bytes.length ? '\uFFFD' : '');
}

/**
 * UTF-16 without a BOM: XML text is mostly ASCII, so one byte of most pairs is NUL, and NUL never occurs in
 * UTF-8 XML. NULs in odd positions mean little-endian, in even positions big-endian.
 */
function sniffUtf16(bytes: Uint8Array): 'le' | 'be' | undefined {
  const sample = Math.min(bytes.length, 1024);
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample; i++) {
    if (bytes[i] === 0) {
      if (i % 2 === 0) evenNuls++;
      else oddNuls++;
    }
  }
  if (oddNuls > evenNuls) return 'le';
  if (evenNuls > oddNuls) return 'be';
  return undefined;
}

/** The `encoding` of an ASCII-compatible XML declaration, if any. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  return /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
}

function legacyDecoder(label: string): ((bytes: Uint8Array) => string) | undefined {
  // A "utf-16" declaration on bytes without NULs is the lie this help desk tells: the bytes are UTF-8.
  if (/^(utf-?8|utf-?16(le|be)?|ucs-?2|unicode)$/i.test(label)) return undefined;
  try {
    const decoder = new TextDecoder(label);
    return (bytes) => decoder.decode(bytes);
  } catch {
    return undefined; // label unknown to this runtime: UTF-8 is the best guess left
  }
}

/** BOM first, then the NUL-byte pattern, then a declared single-byte encoding (e.g. windows-1254), else UTF-8. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  const [b0, b1, b2] = [bytes[0], bytes[1], bytes[2]];
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return utf8(bytes.subarray(3));
  if (b0 === 0xff && b1 === 0xfe) return utf16le(bytes.subarray(2));
  if (b0 === 0xfe && b1 === 0xff) return utf16be(bytes.subarray(2));
  const order = sniffUtf16(bytes);
  if (order === 'le') return utf16le(bytes);
  if (order === 'be') return utf16be(bytes);
  const declared = declaredEncoding(bytes);
  const legacy = declared === undefined ? undefined : legacyDecoder(declared);
  return legacy ? legacy(bytes) : utf8(bytes);
}

// ---------------------------------------------------------------------------------------------------------------
// Text -> element tree

const NAME_MARKER = '~'; // cannot start an XML name, so it cannot clash with one

/**
 * `processEntities: false` means the parser expands nothing, not even `&amp;`: DOCTYPEs are refused before
 * parsing, and the five predefined entities and character references are decoded by `decodeReferences`.
 * `preserveOrder` gives a uniform node list (no single-vs-array guessing); CDATA is kept apart so that its
 * content is not reference-decoded; values stay strings and keep their whitespace.
 */
const parserOptions: FastXmlParser.X2jOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  // Every tag and attribute name gets a marker the parser's own names ('#text', ':@') and its
  // prototype-pollution guard never see bare: an element called "constructor" or "toString" is just data to us
  // (the guard would otherwise refuse or rename it). `toElements` strips the marker. Idempotent, because
  // fast-xml-parser 5.12 applies the transform twice to self-closing tags.
  attributeNamePrefix: NAME_MARKER,
  transformTagName: (name) => (name.startsWith(NAME_MARKER) ? name : `${NAME_MARKER}${name}`),
  removeNSPrefix: false, // done below, so that xmlns/xsi attributes can be recognised and dropped
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
};

let loaded: { parser: FastXmlParser.XMLParser; validator: typeof FastXmlParser.XMLValidator } | undefined;

/** fast-xml-parser, loaded once on first use: most processes never read a rule (memory at start-up, issue 13). */
function xml(): NonNullable<typeof loaded> {
  if (!loaded) {
    const { XMLParser, XMLValidator } = createRequire(import.meta.url)('fast-xml-parser') as typeof FastXmlParser;
    loaded = { parser: new XMLParser(parserOptions), validator: XMLValidator };
  }
  return loaded;
}

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** One pass, no recursion: `&amp;lt;` becomes the text `&lt;`, as XML says. Unknown names stay literal. */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return PREDEFINED_ENTITIES[ref] ?? whole;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}

interface XmlElement {
  /** Local name (namespace prefix removed). */
  name: string;
  /** Raw attribute names (prefixes kept) -> decoded values. */
  attributes: Map<string, string>;
  children: XmlElement[];
  /** Concatenated direct text and CDATA, decoded. */
  text: string;
}

const unmarked = (name: string) => (name.startsWith(NAME_MARKER) ? name.slice(NAME_MARKER.length) : name);
const localName = (qualified: string) => qualified.slice(qualified.lastIndexOf(':') + 1);
const prefixOf = (qualified: string) => (qualified.includes(':') ? qualified.slice(0, qualified.indexOf(':')) : '');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Converts fast-xml-parser's preserveOrder output (`[{ tag: [...], ':@': {...} }, { '#text': '...' }]`). */
function toElements(nodes: unknown): { elements: XmlElement[]; text: string } {
  const elements: XmlElement[] = [];
  let text = '';
  for (const node of Array.isArray(nodes) ? nodes : []) {
    if (!isRecord(node)) continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === ':@') continue;
      if (key === '#text') {
        text += decodeReferences(String(value));
      } else if (key === '#cdata') {
        for (const part of Array.isArray(value) ? value : []) {
          if (isRecord(part) && part['#text'] !== undefined) text += String(part['#text']);
        }
      } else if (key.startsWith(NAME_MARKER)) {
        const inner = toElements(value);
        const attributes = new Map<string, string>();
        const rawAttributes = node[':@'];
        if (isRecord(rawAttributes)) {
          for (const [attribute, attributeValue] of Object.entries(rawAttributes)) {
            attributes.set(unmarked(attribute), decodeReferences(String(attributeValue)));
          }
        }
        elements.push({ name: localName(unmarked(key)), attributes, children: inner.elements, text: inner.text });
      }
    }
  }
  return { elements, text };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isLeaf = (element: XmlElement) => element.children.length === 0;

/** xsi:nil="true" (any prefix): .NET's way of writing null. */
const isNil = (element: XmlElement) =>
  [...element.attributes].some(([name, value]) => prefixOf(name) !== '' && localName(name) === 'nil' && value.trim() === 'true');

/** Attributes that carry data: namespace declarations and schema-instance markers (xsi:nil, xsi:type...) are not. */
function dataAttributes(element: XmlElement): [string, string][] {
  const result: [string, string][] = [];
  for (const [name, value] of element.attributes) {
    if (name === 'xmlns' || prefixOf(name) === 'xmlns') continue;
    if (prefixOf(name) !== '' && ['nil', 'type', 'schemaLocation', 'noNamespaceSchemaLocation'].includes(localName(name))) continue;
    result.push([localName(name), value]);
  }
  return result;
}

/** Text of a leaf child or an attribute of `element`, by any of `names` (case-insensitive). */
function property(element: XmlElement, names: readonly string[]): string | undefined {
  for (const name of names) {
    const child = element.children.find((candidate) => isLeaf(candidate) && same(candidate.name, name));
    if (child) return isNil(child) ? undefined : child.text;
    const attribute = dataAttributes(element).find(([attributeName]) => same(attributeName, name));
    if (attribute) return attribute[1];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Element tree -> clauses

/** Fields keyed by name; a repeated leaf name collects its values, comma-separated. */
class FieldBag {
  readonly #fields = new Map<string, string>();

  add(key: string, value: string): void {
    const existing = this.#fields.get(key);
    this.#fields.set(key, existing === undefined ? value : `${existing}, ${value}`);
  }

  setIfAbsent(key: string, value: string): void {
    if (![...this.#fields.keys()].some((existing) => same(existing, key))) this.#fields.set(key, value);
  }

  /** Object.fromEntries defines own properties, so a field named "__proto__" cannot touch the prototype. */
  toRecord(): Record<string, string> {
    return Object.fromEntries(this.#fields);
  }
}

/**
 * A nested element inside a clause. A list of same-named leaves (`<Values><string>a</string>...`) or a single
 * leaf (`<Field><Name>Subject</Name></Field>`) becomes one field under the element's name; anything richer is
 * flattened under dotted names.
 */
function collectNested(bag: FieldBag, path: string, element: XmlElement): void {
  for (const [name, value] of dataAttributes(element)) bag.add(`${path}.${name}`, value);
  const first = element.children[0];
  const isList = first !== undefined && element.children.every((child) => isLeaf(child) && child.name === first.name);
  if (isList || (element.children.length === 1 && first !== undefined && isLeaf(first))) {
    const values = element.children.filter((child) => !isNil(child)).map((child) => child.text);
    if (values.length) bag.add(path, values.join(', '));
    return;
  }
  for (const child of element.children) collectChild(bag, `${path}.${child.name}`, child);
}

function collectChild(bag: FieldBag, path: string, child: XmlElement): void {
  if (!isLeaf(child)) {
    collectNested(bag, path, child);
    return;
  }
  for (const [name, value] of dataAttributes(child)) bag.add(`${path}.${name}`, value);
  if (!isNil(child)) bag.add(path, child.text);
}

function clauseFields(element: XmlElement): Record<string, string> {
  const bag = new FieldBag();
  for (const [name, value] of dataAttributes(element)) bag.add(name, value);
  for (const child of element.children) collectChild(bag, child.name, child);
  // A text-only clause (`<SetPriority>2</SetPriority>`): the text is its value.
  if (isLeaf(element) && element.text.trim() !== '' && !isNil(element)) bag.setIfAbsent('Value', element.text);
  // .NET writes derived types as <Action xsi:type="SetPriorityAction">: the type names the action.
  const xsiType = [...element.attributes].find(([name]) => prefixOf(name) !== '' && localName(name) === 'type')?.[1];
  if (xsiType) bag.setIfAbsent('Type', localName(xsiType));
  return bag.toRecord();
}

/** A grouping element (`<Group><Condition>…</Condition>…</Group>`): it has children and none of them is a leaf. */
const isGroup = (element: XmlElement) => element.children.length > 0 && element.children.every((child) => !isLeaf(child));

const MATCH_NAMES = ['Match', 'MatchType', 'MatchMode', 'ConditionMatch', 'ConditionsMatch', 'LogicalOperator'] as const;

function collectClauses(container: XmlElement, role: ClauseRole, into: RuleClause[] = []): RuleClause[] {
  for (const child of container.children) {
    if (isLeaf(child) && MATCH_NAMES.some((name) => same(name, child.name))) continue; // read as `match`, not a clause
    if (isGroup(child)) {
      collectClauses(child, role, into); // nested groups are flattened; their own combinator is not modelled
      continue;
    }
    const fields = clauseFields(child);
    into.push({ kind: child.name, fields, summary: summarizeClause(role, child.name, fields) });
  }
  return into;
}

/** `Conditions` as a child of the root (or a child ending in "Conditions"), else anywhere below it. */
function findContainer(root: XmlElement, name: string): XmlElement | undefined {
  const direct =
    root.children.find((child) => same(child.name, name)) ??
    root.children.find((child) => child.name.toLowerCase().endsWith(name.toLowerCase()));
  if (direct) return direct;
  const queue = [...root.children];
  for (let index = 0; index < queue.length; index++) {
    const element = queue[index];
    if (!element) continue;
    if (same(element.name, name)) return element;
    queue.push(...element.children);
  }
  return undefined;
}

function parseBool(text: string | undefined): boolean | undefined {
  const value = text?.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  return undefined;
}

function ruleEnabled(root: XmlElement): boolean | undefined {
  const enabled = parseBool(property(root, ['Enabled', 'IsEnabled']));
  if (enabled !== undefined) return enabled;
  const disabled = parseBool(property(root, ['Disabled', 'IsDisabled']));
  return disabled === undefined ? undefined : !disabled;
}

// ---------------------------------------------------------------------------------------------------------------
// Summaries

type ClauseRole = 'condition' | 'action';

const FIELD_KEYS = ['Field', 'Property', 'FieldName', 'PropertyName', 'Field.Name', 'Attribute', 'Column'];
const OPERATOR_KEYS = ['Operator', 'Comparison', 'ComparisonOperator', 'Op'];
const CONDITION_VALUE_KEYS = ['Value', 'Values', 'Text'];
const ACTION_TYPE_KEYS = ['Type', 'ActionType', 'Action'];
const ACTION_VALUE_KEYS = ['Value', 'Target', 'Values', 'Argument', 'Parameter', 'To'];

/** Element names that say "a condition" / "an action" and nothing about which one. */
const GENERIC_KIND = /^(automation)?(rule)?(condition|action|criterion|clause|item)$/i;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Cuts at a word boundary when one is near, never inside a surrogate pair, and marks the cut with "…". */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = Math.max(0, max - 1);
  const space = text.lastIndexOf(' ', cut);
  if (space > cut - 15 && space > 0) cut = space;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${text.slice(0, cut).trimEnd()}…`;
}

function lookup(fields: Record<string, string>, keys: readonly string[]): string | undefined {
  const entries = Object.entries(fields);
  for (const key of keys) {
    const found = entries.find(([name, value]) => same(name, key) && value.trim() !== '');
    if (found) return oneLine(found[1]);
  }
  return undefined;
}

/** "StartsWith" -> "starts with"; anything that is not a plain identifier is left alone. */
const humanOperator = (operator: string) =>
  /^[A-Za-z]+$/.test(operator) ? operator.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : operator;

/** "SetPriority" -> "Set priority"; anything that is not a plain identifier is left alone. */
const humanAction = (type: string) =>
  /^[A-Za-z]+$/.test(type) ? type.replace(/([a-z])([A-Z])/g, (_whole, a: string, b: string) => `${a} ${b.toLowerCase()}`) : type;

const quoted = (value: string | undefined) => (value === undefined ? '' : ` “${truncate(value, CLAUSE_VALUE_MAX_CHARS)}”`);

function fallbackSummary(kind: string, fields: Record<string, string>): string {
  const entries = Object.entries(fields).filter(([, value]) => value.trim() !== '');
  const specific = !GENERIC_KIND.test(kind);
  const only = entries[0];
  if (specific && entries.length === 1 && only && same(only[0], 'Value')) return `${humanAction(kind)}${quoted(oneLine(only[1]))}`;
  const pairs = entries.map(([key, value]) => `${key}=${truncate(oneLine(value), CLAUSE_VALUE_MAX_CHARS)}`).join(', ');
  if (!pairs) return specific ? humanAction(kind) : kind;
  return specific ? `${humanAction(kind)}: ${pairs}` : pairs;
}

function summarizeClause(role: ClauseRole, kind: string, fields: Record<string, string>): string {
  if (role === 'condition') {
    const field = lookup(fields, FIELD_KEYS);
    const operator = lookup(fields, OPERATOR_KEYS);
    if (field === undefined && operator === undefined) return fallbackSummary(kind, fields);
    const subject = field ?? (GENERIC_KIND.test(kind) ? '(field)' : kind);
    return `${subject} ${operator === undefined ? 'is' : humanOperator(operator)}${quoted(lookup(fields, CONDITION_VALUE_KEYS))}`;
  }
  const namedType = lookup(fields, ACTION_TYPE_KEYS);
  const type = namedType ?? (GENERIC_KIND.test(kind) ? undefined : kind);
  if (type === undefined) return fallbackSummary(kind, fields);
  const value = lookup(fields, ACTION_VALUE_KEYS);
  if (value !== undefined) return `${humanAction(type)}${quoted(value)}`;
  // No recognisable value: show what the action carries (`<AssignTo><User>agent2</User></AssignTo>`).
  const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !ACTION_TYPE_KEYS.some((typeKey) => same(key, typeKey))));
  return fallbackSummary(namedType === undefined ? kind : type, rest);
}

/**
 * The words around a rule's clauses in its one-line summary. The api layer knows no languages: the
 * caller (the rules modal) passes them in the reader's words; English is the default (logs, tests).
 */
export interface RuleSummaryWords {
  /** The whole line from its two sides, e.g. `When ${when} → ${then}`. */
  line(when: string, then: string): string;
  and: string;
  or: string;
  noConditions: string;
  noActions: string;
  /** What follows the shown clauses when some were dropped, e.g. ` (+2 more)`. */
  more(count: number): string;
}

export const ENGLISH_RULE_SUMMARY_WORDS: RuleSummaryWords = {
  line: (when, then) => `When ${when} → ${then}`,
  and: 'and',
  or: 'or',
  noConditions: '(no conditions)',
  noActions: '(no actions)',
  more: (count) => ` (+${count} more)`,
};

function conditionJoiner(match: string | undefined, words: RuleSummaryWords): string {
  const mode = match?.trim().toLowerCase();
  if (mode === 'all' || mode === 'and' || mode === 'every') return ` ${words.and} `;
  if (mode === 'any' || mode === 'or' || mode === 'some') return ` ${words.or} `;
  return ', '; // unknown combinator: do not claim "and" or "or"
}

function listText(summaries: string[], shown: number, joiner: string, empty: string, words: RuleSummaryWords): string {
  if (summaries.length === 0) return empty;
  const rest = summaries.length - shown;
  return summaries.slice(0, shown).join(joiner) + (rest > 0 ? words.more(rest) : '');
}

/**
 * "When <conditions> → <actions>" on one line of at most ~200 characters. Whole clauses are dropped first
 * (from whichever side is longer, keeping at least one each, "(+N more)"); only then is text cut.
 */
export function summarizeRule(rule: AutomationRuleSummary, words: RuleSummaryWords = ENGLISH_RULE_SUMMARY_WORDS): string {
  const conditions = rule.conditions.map((clause) => oneLine(clause.summary));
  const actions = rule.actions.map((clause) => oneLine(clause.summary));
  const joiner = conditionJoiner(rule.match, words);
  let shownConditions = conditions.length;
  let shownActions = actions.length;
  const render = () => ({
    when: listText(conditions, shownConditions, joiner, words.noConditions, words),
    then: listText(actions, shownActions, '; ', words.noActions, words),
  });
  const line = ({ when, then }: { when: string; then: string }) => words.line(when, then);

  let parts = render();
  while (line(parts).length > SUMMARY_MAX_CHARS && (shownConditions > 1 || shownActions > 1)) {
    const dropCondition = shownActions <= 1 || (shownConditions > 1 && parts.when.length >= parts.then.length);
    if (dropCondition) shownConditions--;
    else shownActions--;
    parts = render();
  }
  if (line(parts).length <= SUMMARY_MAX_CHARS) return line(parts);

  // Still too long: one clause per side is huge. Share the room, giving the shorter side what it needs.
  const room = SUMMARY_MAX_CHARS - line({ when: '', then: '' }).length;
  const half = Math.floor(room / 2);
  const when = truncate(parts.when, Math.max(half, room - parts.then.length));
  const then = truncate(parts.then, room - when.length);
  return truncate(line({ when, then }), SUMMARY_MAX_CHARS);
}

// ---------------------------------------------------------------------------------------------------------------
// Entry point

function byteSize(input: Uint8Array | string): number {
  return typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
}

function parseDocument(text: string): XmlElement {
  const body = text.trimStart(); // tolerate whitespace before the declaration
  if (body === '') throw new RuleXmlError('not-xml', 'The rule response is empty.');
  // No DTD at all: that is what makes billion-laughs and external entities impossible, without relying on
  // the parser's expansion limits. Checked on the raw text, before any parsing.
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new RuleXmlError('doctype', 'The rule XML contains a DOCTYPE or entity declaration; refused.');
  const validation = xml().validator.validate(body);
  if (validation !== true) {
    const { msg, line } = validation.err;
    throw new RuleXmlError('not-xml', `The rule response is not well-formed XML (line ${line}): ${truncate(msg, 120)}`);
  }
  let tree: unknown;
  try {
    tree = xml().parser.parse(body);
  } catch (error) {
    throw new RuleXmlError('not-xml', `The rule response could not be parsed as XML: ${truncate(String(error), 120)}`, { cause: error });
  }
  const { elements, text: outside } = toElements(tree);
  const [root] = elements;
  if (!root || elements.length > 1 || outside.trim() !== '') {
    throw new RuleXmlError('not-xml', 'The rule response does not have exactly one root element.');
  }
  return root;
}

export function parseRuleXml(id: number, input: Uint8Array | string, options: ParseRuleOptions = {}): AutomationRuleSummary {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_RULE_BYTES;
  const size = byteSize(input);
  if (size > maxBytes) throw new RuleXmlError('too-large', `The rule XML is ${size} bytes; the limit is ${maxBytes}.`);

  const decoded = typeof input === 'string' ? input : decodeXmlBytes(input);
  const rawXml = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  const root = parseDocument(rawXml);
  if (!same(root.name, 'AutomationRule')) {
    throw new RuleXmlError('not-a-rule', `Expected an AutomationRule document, got <${truncate(root.name, 60)}>.`);
  }

  const conditionsElement = findContainer(root, 'Conditions');
  const actionsElement = findContainer(root, 'Actions');
  const name = property(root, ['Name', 'RuleName']);
  const enabled = ruleEnabled(root);
  const match = property(root, MATCH_NAMES) ?? (conditionsElement ? property(conditionsElement, MATCH_NAMES) : undefined);

  return {
    id,
    ...(name !== undefined ? { name } : {}),
    ...(enabled !== undefined ? { enabled } : {}),
    conditions: conditionsElement ? collectClauses(conditionsElement, 'condition') : [],
    actions: actionsElement ? collectClauses(actionsElement, 'action') : [],
    ...(match !== undefined && match.trim() !== '' ? { match: match.trim() } : {}),
    rawXml,
  };
}
