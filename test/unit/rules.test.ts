import { describe, expect, it } from 'vitest';
import {
  type AutomationRuleSummary,
  decodeXmlBytes,
  parseRuleXml,
  type RuleClause,
  RuleXmlError,
  summarizeRule,
} from '../../src/api/rules.js';
import { encodeUtf16LeWithBom, renderRuleXml, type SandboxRule } from '../../src/sandbox/rule-xml.js';

const sandboxRule: SandboxRule = {
  id: 7,
  name: 'Öncelik: İş acil',
  enabled: false,
  match: 'Any',
  conditions: [
    { field: 'Subject', operator: 'contains', value: 'ğüşıöç' },
    { field: 'Priority', operator: 'equals', value: '2' },
  ],
  actions: [
    { type: 'SetPriority', value: '1' },
    { type: 'AddTag', value: 'İş' },
  ],
};
const sandboxXml = renderRuleXml(sandboxRule);

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const withUtf8Bom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
const utf16leNoBom = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));

/** Big-endian = little-endian with every byte pair swapped. */
function utf16be(text: string, bom: boolean): Uint8Array {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  const be = new Uint8Array(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1] ?? 0;
    be[i + 1] = le[i] ?? 0;
  }
  return be;
}

function thrown(action: () => unknown): RuleXmlError {
  try {
    action();
  } catch (error) {
    if (error instanceof RuleXmlError) return error;
    throw new Error(`expected a RuleXmlError, got ${String(error)}`);
  }
  throw new Error('expected a RuleXmlError, nothing was thrown');
}

const clause = (kind: string, fields: Record<string, string>, summary = ''): RuleClause => ({ kind, fields, summary });

describe('renderRuleXml / encodeUtf16LeWithBom', () => {
  it('writes the spec shape: utf-16 declaration, xsi/xsd namespaces, Conditions and Actions', () => {
    expect(sandboxXml.startsWith('<?xml version="1.0" encoding="utf-16"?>\n<AutomationRule ')).toBe(true);
    expect(sandboxXml).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
    expect(sandboxXml).toContain('xmlns:xsd="http://www.w3.org/2001/XMLSchema"');
    expect(sandboxXml).toContain('<Condition>\n      <Field>Subject</Field>\n      <Operator>contains</Operator>');
    expect(sandboxXml).toContain('<Action>\n      <Type>SetPriority</Type>\n      <Value>1</Value>');
    expect(sandboxXml.trimEnd().endsWith('</AutomationRule>')).toBe(true);
  });

  it('puts UTF-16LE with a byte-order mark on the wire', () => {
    const bytes = encodeUtf16LeWithBom('<a>ş</a>');
    expect([...bytes.subarray(0, 4)]).toEqual([0xff, 0xfe, 0x3c, 0x00]);
    expect(bytes).toHaveLength(2 + 2 * '<a>ş</a>'.length);
    expect(Buffer.from(bytes.subarray(2)).toString('utf16le')).toBe('<a>ş</a>');
  });

  it('escapes markup characters and writes empty lists as empty elements', () => {
    const xml = renderRuleXml({ ...sandboxRule, name: 'a < b & c > d', conditions: [], actions: [] });
    expect(xml).toContain('<Name>a &lt; b &amp; c &gt; d</Name>');
    expect(xml).toContain('<Conditions />');
    expect(xml).toContain('<Actions />');
  });
});

describe('parseRuleXml: encodings', () => {
  it.each([
    ['UTF-16LE with BOM', encodeUtf16LeWithBom(sandboxXml)],
    ['UTF-16BE with BOM', utf16be(sandboxXml, true)],
    ['UTF-8 despite the utf-16 declaration', utf8(sandboxXml)],
    ['UTF-8 with BOM', withUtf8Bom(sandboxXml)],
    ['UTF-16LE without BOM (NUL pattern)', utf16leNoBom(sandboxXml)],
    ['UTF-16BE without BOM (NUL pattern)', utf16be(sandboxXml, false)],
  ])('reads the sandbox rule from %s', (_encoding, bytes) => {
    const rule = parseRuleXml(7, bytes);
    expect(rule).toMatchObject({ id: 7, name: 'Öncelik: İş acil', enabled: false, match: 'Any' });
    expect(rule.conditions).toEqual([
      clause('Condition', { Field: 'Subject', Operator: 'contains', Value: 'ğüşıöç' }, 'Subject contains “ğüşıöç”'),
      clause('Condition', { Field: 'Priority', Operator: 'equals', Value: '2' }, 'Priority equals “2”'),
    ]);
    expect(rule.actions).toEqual([
      clause('Action', { Type: 'SetPriority', Value: '1' }, 'Set priority “1”'),
      clause('Action', { Type: 'AddTag', Value: 'İş' }, 'Add tag “İş”'),
    ]);
    expect(rule.rawXml).toBe(sandboxXml);
  });

  it('accepts the decoded text as a string too', () => {
    expect(parseRuleXml(7, sandboxXml).name).toBe('Öncelik: İş acil');
  });
});

describe('decodeXmlBytes', () => {
  it('strips the byte-order mark it decoded by', () => {
    expect(decodeXmlBytes(encodeUtf16LeWithBom('<a/>'))).toBe('<a/>');
    expect(decodeXmlBytes(utf16be('<a/>', true))).toBe('<a/>');
    expect(decodeXmlBytes(withUtf8Bom('<a/>'))).toBe('<a/>');
  });

  it('reads plain bytes as UTF-8 when the declaration claims utf-16', () => {
    expect(decodeXmlBytes(utf8('<?xml version="1.0" encoding="utf-16"?><a>İş</a>'))).toBe(
      '<?xml version="1.0" encoding="utf-16"?><a>İş</a>',
    );
  });

  it('falls back to a declared single-byte encoding', () => {
    // "İş" in windows-1254 (Turkish): DD FE. As UTF-8 these bytes would be invalid.
    const head = Buffer.from('<?xml version="1.0" encoding="windows-1254"?><a>', 'latin1');
    const bytes = new Uint8Array([...head, 0xdd, 0xfe, ...Buffer.from('</a>', 'latin1')]);
    expect(decodeXmlBytes(bytes)).toBe('<?xml version="1.0" encoding="windows-1254"?><a>İş</a>');
  });
});

describe('parseRuleXml: round trip of text', () => {
  it('keeps Turkish text, markup characters, entity-like text, CR and surrounding spaces', () => {
    const tricky: SandboxRule = {
      id: 1,
      name: 'Öncelik & İş <acil> "çift" \'tek\'',
      enabled: true,
      match: 'All',
      conditions: [{ field: 'Konu', operator: 'içerir', value: ' ğüşıöç ĞÜŞİÖÇ &amp; ]]> \r\n 🎫 ' }],
      actions: [{ type: 'Öncelik ata', value: '&#x130; is not a reference here' }],
    };
    const xml = renderRuleXml(tricky);
    expect(xml).not.toContain('<acil>');
    expect(xml).toContain('&amp;amp;'); // the literal text "&amp;" is escaped once more

    const rule = parseRuleXml(1, encodeUtf16LeWithBom(xml));
    expect(rule.name).toBe(tricky.name);
    expect(rule.conditions[0]?.fields).toEqual({ Field: 'Konu', Operator: 'içerir', Value: tricky.conditions[0]?.value });
    expect(rule.actions[0]?.fields).toEqual({ Type: 'Öncelik ata', Value: '&#x130; is not a reference here' });
    expect(rule.actions[0]?.summary).toBe('Öncelik ata “&#x130; is not a reference here”');
  });

  it('replaces characters XML cannot carry, so the document stays well-formed', () => {
    const xml = renderRuleXml({ ...sandboxRule, name: 'bell\u0007 and lone \uD800 surrogate' });
    expect(parseRuleXml(1, xml).name).toBe('bell\uFFFD and lone \uFFFD surrogate');
  });

  it('decodes the predefined entities and character references, and nothing else', () => {
    const rule = parseRuleXml(
      1,
      '<AutomationRule><Name>A &amp; B &lt;&gt;&quot;&apos; &#304;&#x15F; &amp;lt; &nbsp; &lol9;</Name></AutomationRule>',
    );
    expect(rule.name).toBe(`A & B <>"' İş &lt; &nbsp; &lol9;`);
  });
});

describe('parseRuleXml: tolerance', () => {
  const handWritten = `<?xml version="1.0" encoding="utf-16"?>
<r:AutomationRule xmlns:r="urn:vendor" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Name="From the attribute">
  <r:Disabled>true</r:Disabled>
  <r:Conditions>
    <LogicalOperator>Or</LogicalOperator>
    <TextCondition Property="Body" Comparison="StartsWith"><Value>VPN</Value></TextCondition>
    <ConditionGroup Match="All">
      <Criterion><Field><Name>Priority</Name><Id>4</Id></Field><Op>GreaterThan</Op><Values><int>1</int><int>2</int></Values></Criterion>
      <Criterion Kind="x" Weird="y"><Note xsi:nil="true" /></Criterion>
    </ConditionGroup>
    <SubjectContains><![CDATA[a &amp; <b>]]></SubjectContains>
  </r:Conditions>
  <r:Actions>
    <Action xsi:type="SetPriorityAction"><PriorityId>2</PriorityId></Action>
    <AssignTo><User>agent2</User></AssignTo>
    <CloseTalep />
  </r:Actions>
</r:AutomationRule>`;

  it('reads name, enabled and match from wherever the document keeps them', () => {
    const rule = parseRuleXml(9, handWritten);
    expect(rule).toMatchObject({ id: 9, name: 'From the attribute', enabled: false, match: 'Or' });
  });

  it('takes any element names as clauses, flattens groups, ignores namespace prefixes and xsi markers', () => {
    const rule = parseRuleXml(9, handWritten);
    expect(rule.conditions).toEqual([
      clause('TextCondition', { Property: 'Body', Comparison: 'StartsWith', Value: 'VPN' }, 'Body starts with “VPN”'),
      clause(
        'Criterion',
        { 'Field.Name': 'Priority', 'Field.Id': '4', Op: 'GreaterThan', Values: '1, 2' },
        'Priority greater than “1, 2”',
      ),
      clause('Criterion', { Kind: 'x', Weird: 'y' }, 'Kind=x, Weird=y'),
      // CDATA is literal: its "&amp;" is not decoded.
      clause('SubjectContains', { Value: 'a &amp; <b>' }, 'Subject contains “a &amp; <b>”'),
    ]);
    expect(rule.actions).toEqual([
      clause('Action', { PriorityId: '2', Type: 'SetPriorityAction' }, 'Set priority action: PriorityId=2'),
      clause('AssignTo', { User: 'agent2' }, 'Assign to: User=agent2'),
      clause('CloseTalep', {}, 'Close talep'),
    ]);
  });

  it('leaves name, enabled and match undefined when the document does not say', () => {
    const rule = parseRuleXml(3, '<AutomationRule><Conditions><Condition><Enabled>yes</Enabled></Condition></Conditions></AutomationRule>');
    expect(rule.name).toBeUndefined();
    expect(rule.enabled).toBeUndefined();
    expect(rule.match).toBeUndefined();
    expect(rule.actions).toEqual([]);
    expect(rule.conditions).toEqual([clause('Condition', { Enabled: 'yes' }, 'Enabled=yes')]);
  });

  it('treats names like __proto__, constructor and toString as plain data', () => {
    const rule = parseRuleXml(
      3,
      '<AutomationRule><Actions><Action constructor="x"><Type>AddTag</Type><__proto__>p</__proto__><toString>t</toString></Action></Actions></AutomationRule>',
    );
    const fields = rule.actions[0]?.fields ?? {};
    expect(Object.entries(fields)).toEqual([
      ['constructor', 'x'],
      ['Type', 'AddTag'],
      ['__proto__', 'p'],
      ['toString', 't'],
    ]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});

describe('parseRuleXml: refusals', () => {
  const billionLaughs = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE lolz [',
    ' <!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
    ']>',
    '<AutomationRule><Name>&lol9;</Name></AutomationRule>',
  ].join('\n');

  it('refuses billion laughs as a DOCTYPE, without expanding it', () => {
    const error = thrown(() => parseRuleXml(1, billionLaughs));
    expect(error.reason).toBe('doctype');
    expect(error.name).toBe('RuleXmlError');
    expect(error).toBeInstanceOf(Error);
    expect(error.message.length).toBeLessThan(200);
    expect(error.message).not.toContain('lollol');
  });

  it('refuses it in UTF-16 too, and refuses external entities', () => {
    expect(thrown(() => parseRuleXml(1, encodeUtf16LeWithBom(billionLaughs))).reason).toBe('doctype');
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><AutomationRule><Name>&x;</Name></AutomationRule>';
    expect(thrown(() => parseRuleXml(1, xxe)).reason).toBe('doctype');
  });

  it('refuses documents over the byte limit before parsing, and accepts one at the limit', () => {
    const bytes = encodeUtf16LeWithBom(sandboxXml);
    expect(thrown(() => parseRuleXml(1, bytes, { maxBytes: bytes.length - 1 })).reason).toBe('too-large');
    expect(parseRuleXml(1, bytes, { maxBytes: bytes.length }).name).toBe(sandboxRule.name);
    // Over the limit even though it is not XML: the size is checked first.
    expect(thrown(() => parseRuleXml(1, new Uint8Array(256 * 1024 + 1))).reason).toBe('too-large');
    // A string is measured in UTF-8 bytes: "ş" is two.
    expect(thrown(() => parseRuleXml(1, `<AutomationRule>${'ş'.repeat(10)}</AutomationRule>`, { maxBytes: 40 })).reason).toBe('too-large');
  });

  it.each([
    ['empty', ''],
    ['plain text', 'Internal Server Error'],
    ['JSON', '{"Message":"An error has occurred."}'],
    ['an unclosed tag', '<AutomationRule><Name>x</AutomationRule>'],
    ['two roots', '<AutomationRule /><AutomationRule />'],
    ['binary noise', new Uint8Array([0x00, 0x01, 0x02, 0x03, 0xff, 0x10])],
  ])('refuses %s as not-xml', (_label, input) => {
    expect(thrown(() => parseRuleXml(1, input)).reason).toBe('not-xml');
  });

  it('refuses a well-formed document whose root is not AutomationRule', () => {
    const error = thrown(() => parseRuleXml(1, '<?xml version="1.0"?><Article><Name>x</Name></Article>'));
    expect(error.reason).toBe('not-a-rule');
    expect(error.message).toContain('Article');
  });
});

describe('summarizeRule', () => {
  const base: AutomationRuleSummary = { id: 1, conditions: [], actions: [], rawXml: '' };
  const c = (summary: string) => clause('Condition', {}, summary);

  it('writes "When <conditions> → <actions>" for the sandbox rule', () => {
    const rule = parseRuleXml(7, encodeUtf16LeWithBom(sandboxXml));
    expect(summarizeRule(rule)).toBe('When Subject contains “ğüşıöç” or Priority equals “2” → Set priority “1”; Add tag “İş”');
  });

  it('joins conditions by the match mode, and claims neither when it is unknown', () => {
    const conditions = [c('A'), c('B')];
    const actions = [c('X')];
    expect(summarizeRule({ ...base, conditions, actions, match: 'All' })).toBe('When A and B → X');
    expect(summarizeRule({ ...base, conditions, actions, match: 'or' })).toBe('When A or B → X');
    expect(summarizeRule({ ...base, conditions, actions })).toBe('When A, B → X');
    expect(summarizeRule(base)).toBe('When (no conditions) → (no actions)');
  });

  it('drops whole clauses first and says how many', () => {
    const conditions = Array.from({ length: 12 }, (_, i) => c(`Subject contains “word number ${i}”`));
    const line = summarizeRule({ ...base, match: 'Any', conditions, actions: [c('Add tag “x”'), c('Close')] });
    expect(line.length).toBeLessThanOrEqual(200);
    expect(line).toMatch(/^When Subject contains “word number 0” or .* \(\+\d+ more\) → Add tag “x”; Close$/);
  });

  it('cuts one huge clause on each side but keeps both sides visible', () => {
    const line = summarizeRule({ ...base, conditions: [c(`Body contains “${'a'.repeat(500)}”`)], actions: [c(`Reply “${'b'.repeat(500)}”`)] });
    expect(line.length).toBeLessThanOrEqual(200);
    expect(line).toContain(' → Reply “bbb');
    expect(line.endsWith('…')).toBe(true);
    expect(line.split('…')).toHaveLength(3);
  });

  it('keeps clause values short and on one line', () => {
    const rule = parseRuleXml(
      1,
      `<AutomationRule><Conditions><Condition><Field>Body</Field><Operator>contains</Operator><Value>line one
line two ${'x'.repeat(100)}</Value></Condition></Conditions></AutomationRule>`,
    );
    const summary = rule.conditions[0]?.summary ?? '';
    expect(summary.startsWith('Body contains “line one line two xxx')).toBe(true);
    expect(summary.endsWith('…”')).toBe(true);
    expect(summary).not.toContain('\n');
  });
});
