/**
 * The sandbox's rendering of `GET /Rule/{id}`: the spec only says "an XML document, root `AutomationRule` with
 * `Conditions` and `Actions`, declaring UTF-16 and the XML-schema namespaces", so we emit what a .NET
 * XmlSerializer would (that is where the utf-16 declaration and the xsi/xsd pair come from). The inner element
 * names are our own guess; `src/api/rules.ts` parses them and its tests round-trip this writer.
 */

export interface SandboxRule {
  id: number;
  name: string;
  enabled: boolean;
  match: 'All' | 'Any';
  conditions: { field: string; operator: string; value: string }[];
  actions: { type: string; value: string }[];
}

const DECLARATION = '<?xml version="1.0" encoding="utf-16"?>';
const NAMESPACES =
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';

/**
 * Characters XML 1.0 cannot carry at all, not even as character references: C0 controls other than
 * tab/LF/CR, lone surrogates, U+FFFE and U+FFFF. They become U+FFFD so the document stays well-formed.
 */
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes element text. `\r` is written as a reference because parsers normalise literal CR/CRLF to LF. */
function escapeXmlText(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>\r]/g, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      default:
        return '&#xD;';
    }
  });
}

const element = (name: string, text: string, indent: string): string =>
  text === '' ? `${indent}<${name} />` : `${indent}<${name}>${escapeXmlText(text)}</${name}>`;

function container(name: string, items: string[][], itemName: string, indent: string): string {
  if (items.length === 0) return `${indent}<${name} />`;
  const inner = items.map((children) => [`${indent}  <${itemName}>`, ...children, `${indent}  </${itemName}>`].join('\n'));
  return [`${indent}<${name}>`, ...inner, `${indent}</${name}>`].join('\n');
}

export function renderRuleXml(rule: SandboxRule): string {
  const leaf = '      ';
  const conditions = rule.conditions.map((condition) => [
    element('Field', condition.field, leaf),
    element('Operator', condition.operator, leaf),
    element('Value', condition.value, leaf),
  ]);
  const actions = rule.actions.map((action) => [element('Type', action.type, leaf), element('Value', action.value, leaf)]);
  return [
    DECLARATION,
    `<AutomationRule ${NAMESPACES}>`,
    element('Name', rule.name, '  '),
    element('Enabled', String(rule.enabled), '  '),
    element('Match', rule.match, '  '),
    container('Conditions', conditions, 'Condition', '  '),
    container('Actions', actions, 'Action', '  '),
    '</AutomationRule>',
  ].join('\n');
}

/** What the sandbox puts on the wire: UTF-16LE with a byte-order mark, matching the declaration. */
export function encodeUtf16LeWithBom(xml: string): Uint8Array {
  const encoded = Buffer.from(`\uFEFF${xml}`, 'utf16le');
  return new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength);
}
