import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToMrkdwn, safeUrl, truncateMrkdwn } from '../../src/views/kit/html-mrkdwn.js';

const mrkdwn = (body: string, options = {}) => htmlToMrkdwn(body, options).text;

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
