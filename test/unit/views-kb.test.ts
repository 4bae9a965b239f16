import { describe, expect, it } from 'vitest';
import type { Article } from '../../src/api/schemas.js';
import {
  AGENTS_ONLY,
  type ArticleCardData,
  articleCreatedView,
  articleListMessage,
  articleMessage,
  articleModal,
  type ArticleRow,
  BODY_LIMIT,
  decodeEntities,
  htmlToMrkdwn,
  KbIds,
  MAX_LISTED,
  NewArticleBlocks,
  newArticleModal,
  safeUrl,
  shareRefusedMessage,
  truncateMrkdwn,
} from '../../src/views/kb.js';

const json = (value: unknown) => JSON.stringify(value);
const mrkdwn = (body: string, options = {}) => htmlToMrkdwn(body, options).text;

interface AnyElement {
  type: string;
  action_id?: string;
  value?: string;
  url?: string;
}
type AnyBlock = { type: string; block_id?: string; elements?: AnyElement[]; accessory?: AnyElement; element?: Record<string, unknown> };
const buttonsOf = (blocks: unknown) =>
  (blocks as AnyBlock[]).flatMap((block) => [...(block.elements ?? []), ...(block.accessory ? [block.accessory] : [])]).filter((e) => e.type === 'button');
const actionIds = (blocks: unknown) => buttonsOf(blocks).map((button) => button.action_id);

describe('htmlToMrkdwn: plain text', () => {
  it('keeps line breaks, escapes Slack control characters and squeezes blank lines', () => {
    expect(mrkdwn('1. Install the client.\r\n2. Sign in & go.\n\n\n\n3. Choose "Istanbul".')).toBe(
      '1. Install the client.\n2. Sign in &amp; go.\n\n3. Choose "Istanbul".',
    );
  });

  it('cannot mention anyone: Slack syntax in the text is escaped', () => {
    expect(mrkdwn('Ping <!channel> and <@U123>, see <https://evil.example|bank>')).toBe(
      'Ping &lt;!channel&gt; and &lt;@U123&gt;, see &lt;https://evil.example|bank&gt;',
    );
  });

  it('drops control characters', () => {
    expect(mrkdwn('a\u0000b\u0007c\td')).toBe('abc\td');
  });
});

describe('htmlToMrkdwn: HTML', () => {
  it('turns paragraphs and <br> into blank lines and line breaks, collapsing source whitespace', () => {
    expect(mrkdwn('<p>First\n   line<br>second</p>\n<p>Third</p>')).toBe('First line\nsecond\n\nThird');
  });

  it('keeps http(s) links as <url|text>, escaping & in the URL', () => {
    expect(mrkdwn('<p>See <a href="https://x.example/a?b=1&amp;c=2">the   guide</a>.</p>')).toBe(
      'See <https://x.example/a?b=1&amp;c=2|the guide>.',
    );
  });

  it('resolves relative links against the article URL and writes bare links when the text is the URL', () => {
    expect(mrkdwn('<a href="/KB/View/2">jam</a>', { baseUrl: 'https://hd.example/KB/View/1' })).toBe('<https://hd.example/KB/View/2|jam>');
    expect(mrkdwn('<a href="https://a.example/">https://a.example/</a>')).toBe('<https://a.example/>');
    expect(mrkdwn("<a href='mailto:it@example.com'>it@example.com</a>")).toBe('<mailto:it@example.com>');
  });

  it('keeps only the text of javascript:, data: and broken links', () => {
    expect(mrkdwn('<a href="javascript:alert(1)">click</a> <a href="data:text/html,x">d</a> <a href="ht tp://">e</a> <a>f</a>')).toBe(
      'click d e f',
    );
  });

  it('does not let a link label or target break out of the link', () => {
    const text = mrkdwn('<a href="https://x.example/a|b>c">1 > 0 & <b>true</b></a>');
    expect(text).toBe('<https://x.example/a%7Cb%3Ec|1 &gt; 0 &amp; *true*>');
    // A link inside a link (invalid HTML) keeps only its text in the outer label.
    expect(mrkdwn('<a href="https://a.example/">x <a href="https://b.example/">!channel</a></a>')).toBe('<https://a.example/|x !channel>');
    expect(mrkdwn('<a href="https://a.example/"><b>x</b> <i><a href="https://b.example/">y</a></i></a>')).toBe('<https://a.example/|*x* y>');
  });

  it('decodes entities, then escapes what Slack treats as markup', () => {
    expect(mrkdwn('<p>&lt;!channel&gt; &amp; &#305;&#x131; &ccedil;&Ouml; &quot;q&quot; &bogus; &#0;</p>')).toBe(
      '&lt;!channel&gt; &amp; ıı çÖ "q" &amp;bogus; \ufffd',
    );
    expect(mrkdwn('<p>&lt;@U123&gt; &lt;https://evil.example|x&gt;</p>')).not.toMatch(/<[@!h]/);
  });

  it('drops scripts, styles, comments and the head', () => {
    expect(mrkdwn('<html><head><title>T</title><style>p{}</style></head><body><!-- note --><p>Hi</p><script>alert("<p>x</p>")</script></body></html>')).toBe('Hi');
  });

  it('writes lists as bullets and numbers, nested lists indented', () => {
    expect(mrkdwn('<ul><li>One</li><li>Two<ul><li>Inner</li></ul></li></ul><ol><li>A</li><li>B</li></ol>')).toBe(
      '• One\n• Two\n\u00a0\u00a0\u00a0\u00a0• Inner\n\n1. A\n2. B',
    );
  });

  it('keeps bold, italics, code and headings where Slack can show them', () => {
    expect(mrkdwn('<h2>VPN</h2><p>Press <b>Ctrl</b> and <em>wait</em>, then run <code>ipconfig /all</code>.</p>')).toBe(
      '*VPN*\n\nPress *Ctrl* and _wait_, then run `ipconfig /all`.',
    );
    // Empty runs, runs inside a word and runs containing their own marker stay plain.
    expect(mrkdwn('<p><strong> </strong>x<i>ab</i> <b>c*d</b> <i>e</i></p>')).toBe('xab c*d _e_');
  });

  it('keeps preformatted text as a code block with its indentation', () => {
    expect(mrkdwn('<p>Run:</p><pre>  show ver\n    | include <b>up</b></pre><p>Done</p>')).toBe(
      'Run:\n\n```\n\u00a0\u00a0show ver\n\u00a0\u00a0\u00a0\u00a0| include up\n```\n\nDone',
    );
  });

  it('writes table rows on lines with cells separated', () => {
    expect(mrkdwn('<table><tr><th>Name</th><th>Port</th></tr><tr><td>VPN</td><td>443</td></tr></table><p>End</p>')).toBe(
      'Name | Port\nVPN | 443\n\nEnd',
    );
  });

  it('shows image alt text and ignores stray closing tags', () => {
    expect(mrkdwn('<p>Step <img src="x.png" alt="the green lever"></b></a></p>')).toBe('Step [the green lever]');
  });
});

describe('truncateMrkdwn', () => {
  it('leaves short text alone', () => {
    expect(truncateMrkdwn('short', 10)).toEqual({ text: 'short', truncated: false });
  });

  it('cuts at a paragraph boundary near the limit and adds an ellipsis', () => {
    const text = `${'a'.repeat(80)}\n\n${'b'.repeat(80)}`;
    expect(truncateMrkdwn(text, 120)).toEqual({ text: `${'a'.repeat(80)}…`, truncated: true });
  });

  it('never cuts inside a link or an entity', () => {
    const link = 'see <https://x.example/long/path|the whole guide>';
    for (let max = 10; max < link.length; max += 1) {
      const cut = truncateMrkdwn(`${'x'.repeat(6)} ${link} tail`, max).text;
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.includes('<')).toBe(cut.includes('>'));
    }
    const cut = truncateMrkdwn('abcdefgh &amp; more', 12).text;
    expect(cut).toBe('abcdefgh…');
  });

  it('is applied by htmlToMrkdwn with maxLength', () => {
    const long = `<p>${'word '.repeat(1000)}</p>`;
    const result = htmlToMrkdwn(long, { maxLength: 500 });
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(500);
    expect(result.text.endsWith('word…')).toBe(true);
  });
});

describe('decodeEntities / safeUrl', () => {
  it('decodes named and numeric references and keeps unknown ones', () => {
    expect(decodeEntities('&Uuml;sk&uuml;dar &#304;zmir &hellip; &nosuch;')).toBe('Üsküdar İzmir … &nosuch;');
  });

  it('accepts only http(s) and mailto URLs', () => {
    expect(safeUrl('https://hd.example/KB/View/1')).toBe('https://hd.example/KB/View/1');
    expect(safeUrl('/KB/View/1', 'https://hd.example/root/')).toBe('https://hd.example/KB/View/1');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('not a url')).toBeUndefined();
    expect(safeUrl(undefined)).toBeUndefined();
  });
});

const row = (id: number, extra: Partial<ArticleRow> = {}): ArticleRow => ({
  id,
  subject: `Article ${id}`,
  category: 'IT Support / Network',
  created: new Date(Date.UTC(2026, 0, id)),
  techOnly: false,
  ...extra,
});

describe('articleListMessage', () => {
  it('lists each match with subject, category, date and a Show button carrying the id', () => {
    const message = articleListMessage({ words: ['vpn'], rows: [row(1, { subject: 'VPN <setup> & you' })] });
    const text = json(message.blocks);
    expect(message.text).toBe('Knowledge base: 1 article matching “vpn”');
    expect(text).toContain('*VPN &lt;setup&gt; &amp; you*');
    expect(text).toContain('IT Support / Network');
    expect(text).toContain('<!date^');
    expect(buttonsOf(message.blocks)).toEqual([expect.objectContaining({ action_id: KbIds.show, value: '1' })]);
  });

  it(`shows at most ${MAX_LISTED} and counts the rest`, () => {
    const rows = Array.from({ length: 22 }, (_, index) => row(index + 1));
    const message = articleListMessage({ words: [], rows });
    expect(buttonsOf(message.blocks)).toHaveLength(MAX_LISTED);
    expect(json(message.blocks)).toContain('…and 7 more articles');
    expect(json(message.blocks)).toContain('The newest knowledge-base articles (22 in all)');
  });

  it('marks agents-only articles', () => {
    const message = articleListMessage({ words: ['switch'], rows: [row(3, { techOnly: true }), row(1)] });
    const sections = (message.blocks as { text?: { text: string } }[]).map((block) => block.text?.text ?? '');
    expect(sections.find((text) => text.includes('Article 3'))).toContain(AGENTS_ONLY);
    expect(sections.find((text) => text.includes('Article 1'))).not.toContain(AGENTS_ONLY);
  });

  it('says when nothing matches, naming the words and the category (escaped)', () => {
    const message = articleListMessage({ words: ['<x>'], category: 'A&B', rows: [] });
    expect(message.text).toBe(':mag: No knowledge-base article matching “&lt;x&gt;” in *A&amp;B*.');
    expect(buttonsOf(message.blocks)).toEqual([]);
  });
});

const article = (extra: Partial<Article> = {}): Article => ({
  ArticleId: 7,
  Subject: 'Printer <jam>',
  Body: '<p>Open tray 2 &amp; pull the <b>green</b> lever.</p>',
  CategoryName: 'Hardware',
  Url: 'https://hd.example/KB/View/7',
  DateCreated: new Date('2026-01-01T10:00:00Z'),
  ...extra,
});
const card = (extra: Partial<ArticleCardData> = {}): ArticleCardData => ({
  article: article(),
  techOnly: false,
  helpdeskWebUrl: 'https://hd.example/',
  ...extra,
});

describe('articleMessage', () => {
  it('shows subject, category, date and the converted body, with Open and Share for a public article', () => {
    const message = articleMessage(card());
    const text = json(message.blocks);
    expect(message.text).toBe('Article #7: Printer &lt;jam&gt;');
    expect(text).toContain('Hardware');
    expect(text).toContain('<!date^');
    expect(text).toContain('Open tray 2 &amp; pull the *green* lever.');
    const buttons = buttonsOf(message.blocks);
    expect(buttons.find((button) => button.action_id === KbIds.openLink)?.url).toBe('https://hd.example/KB/View/7');
    expect(buttons.find((button) => button.action_id === KbIds.share)?.value).toBe('7');
  });

  it('marks an agents-only article and offers no Share button, saying why', () => {
    const message = articleMessage(card({ techOnly: true }));
    const text = json(message.blocks);
    expect(text).toContain(AGENTS_ONLY);
    expect(text).toContain('cannot be shared in a channel');
    expect(actionIds(message.blocks)).toEqual([KbIds.openLink]);
  });

  it('offers no Share button when the help desk did not say who may read it', () => {
    const message = articleMessage(card({ techOnly: undefined }));
    expect(actionIds(message.blocks)).not.toContain(KbIds.share);
    expect(json(message.blocks)).not.toContain(AGENTS_ONLY);
  });

  it('links to the whole article when the body is shortened', () => {
    const message = articleMessage(card({ article: article({ Body: 'x '.repeat(5000) }) }));
    const text = json(message.blocks);
    expect(text).toContain('<https://hd.example/KB/View/7|Read the whole article in the help desk>');
    const body = (message.blocks as { text?: { text: string } }[])[2]?.text?.text ?? '';
    expect(body.length).toBeLessThanOrEqual(BODY_LIMIT);
    expect(body.endsWith('…')).toBe(true);
  });

  it('leaves out the link button for a URL that is not http(s), and resolves relative ones', () => {
    expect(actionIds(articleMessage(card({ article: article({ Url: 'javascript:alert(1)' }) })).blocks)).toEqual([KbIds.share]);
    const relative = articleMessage(card({ article: article({ Url: '/KB/View/7' }) }));
    expect(buttonsOf(relative.blocks).find((button) => button.action_id === KbIds.openLink)?.url).toBe('https://hd.example/KB/View/7');
  });

  it('public: says who shared it, without Share button', () => {
    const message = articleMessage(card(), { kind: 'public', sharedBySlackUserId: 'U42' });
    expect(message.text).toContain('shared by <@U42>');
    expect(json(message.blocks)).toContain(':mega: Shared by <@U42>');
    expect(actionIds(message.blocks)).toEqual([KbIds.openLink]);
  });

  it('public: refuses to render an article that is or may be for agents only', () => {
    expect(() => articleMessage(card({ techOnly: true }), { kind: 'public', sharedBySlackUserId: 'U42' })).toThrow(/must not be posted/);
    expect(() => articleMessage(card({ techOnly: undefined }), { kind: 'public', sharedBySlackUserId: 'U42' })).toThrow();
  });

  it('in a modal: the article without Share, with a hint to share from a channel', () => {
    const view = articleModal(card());
    expect(view.type).toBe('modal');
    expect(actionIds(view.blocks)).toEqual([KbIds.openLink]);
    expect(json(view.blocks)).toContain('/talep kb 7');
  });
});

describe('shareRefusedMessage', () => {
  it('explains the refusal', () => {
    expect(shareRefusedMessage(3, true).text).toBe(':lock: Article #3 is for agents only, so it cannot be shared in a channel.');
    expect(shareRefusedMessage(3, undefined).text).toContain('did not say');
  });
});

describe('newArticleModal', () => {
  const categories = [
    { id: 1, name: 'IT Support / Hardware', section: 'IT Support' },
    { id: 3, name: 'IT Support / Network', section: 'IT Support' },
  ];
  const blockById = (blocks: unknown, id: string) => (blocks as AnyBlock[]).find((block) => block.block_id === id);

  it('has category, subject, body and the agents-only box', () => {
    const view = newArticleModal({ categories });
    expect(view.callback_id).toBe(KbIds.newCallback);
    expect((view.blocks as AnyBlock[]).map((block) => block.block_id)).toEqual(Object.values(NewArticleBlocks));
    const select = blockById(view.blocks, NewArticleBlocks.category)?.element as { options: { value: string }[]; initial_option?: unknown };
    expect(select.options.map((choice) => choice.value)).toEqual(['1', '3']);
    expect(select.initial_option).toBeUndefined();
    expect(blockById(view.blocks, NewArticleBlocks.body)?.element).toMatchObject({ multiline: true });
  });

  it('keeps what was typed and shows the problem (escaped) above the form', () => {
    const view = newArticleModal({
      categories,
      values: { categoryId: 3, subject: 'VPN', body: 'Steps', techOnly: true },
      problem: 'The help desk refused: <nope>',
    });
    const select = blockById(view.blocks, NewArticleBlocks.category)?.element as { initial_option?: { value: string } };
    expect(select.initial_option?.value).toBe('3');
    expect(json(view.blocks)).toContain('The help desk refused: &lt;nope&gt;');
    expect(blockById(view.blocks, NewArticleBlocks.subject)?.element).toMatchObject({ initial_value: 'VPN' });
    expect(blockById(view.blocks, NewArticleBlocks.techOnly)?.element).toHaveProperty('initial_options');
  });

  it('warns a regular user up front', () => {
    expect(json(newArticleModal({ categories, warnNotAgent: true }).blocks)).toContain('*agent* (Temsilci) permission');
    expect(json(newArticleModal({ categories }).blocks)).not.toContain('Temsilci');
  });

  it('groups more than 100 categories by section', () => {
    const many = Array.from({ length: 150 }, (_, index) => ({ id: index + 1, name: `C${index}`, section: index < 120 ? 'A' : 'B' }));
    const select = blockById(newArticleModal({ categories: many }).blocks, NewArticleBlocks.category)?.element as {
      options?: unknown;
      option_groups: { options: unknown[] }[];
    };
    expect(select.options).toBeUndefined();
    expect(select.option_groups.map((group) => group.options.length)).toEqual([100, 30]);
  });
});

describe('articleCreatedView', () => {
  it('confirms with the new id and a Show button', () => {
    const view = articleCreatedView({ id: 12, subject: 'VPN & you', techOnly: true });
    expect(json(view.blocks)).toContain('Created article #12 “VPN &amp; you” (:lock: agents only)');
    expect(buttonsOf(view.blocks)).toEqual([expect.objectContaining({ action_id: KbIds.show, value: '12' })]);
  });
});
