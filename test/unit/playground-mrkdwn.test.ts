/**
 * The playground page's mrkdwn renderer (src/playground/web/mrkdwn.ts): Slack's dialect as Slack shows
 * it, escaped so no text can inject markup, with dates in the viewer's time zone.
 */
import { describe, expect, it } from 'vitest';
import { formatSlackDate, renderMrkdwn, renderPlain } from '../../src/playground/web/mrkdwn.js';

const ctx = { people: { U0AGENT: 'Mehmet Kaya' }, channels: { C0HELPDESK: 'helpdesk' }, timeZone: 'Europe/Istanbul', now: Date.UTC(2026, 0, 5, 9, 0, 0) };
const render = (text: string) => renderMrkdwn(text, ctx);

describe('mrkdwn: formatting', () => {
  it('renders bold, italics, strike and code, nested', () => {
    expect(render('*bold* _it_ ~gone~ `x*y*z`')).toBe('<b>bold</b> <i>it</i> <s>gone</s> <code class="mk-code">x*y*z</code>');
    expect(render('_italic with *bold* inside_')).toBe('<i>italic with <b>bold</b> inside</i>');
  });

  it('opens and closes only at word boundaries, never across lines', () => {
    expect(render('5*3*2 snake_case_name a ~ b ~ c')).toBe('5*3*2 snake_case_name a ~ b ~ c');
    expect(render('*not\nbold*')).toBe('*not\nbold*');
    expect(render('(*in parens*)')).toBe('(<b>in parens</b>)');
  });

  it('takes ``` blocks literally and quotes lines starting with >', () => {
    expect(render('run:\n```npm *test*\n<b>```\ndone')).toBe('run:<pre class="mk-pre">npm *test*\n&lt;b&gt;</pre>done');
    expect(render('said:\n&gt; *first*\n&gt; second\nafter')).toBe('said:<blockquote class="mk-quote"><b>first</b>\nsecond</blockquote>after');
    expect(render('&gt;&gt;&gt; all\nof this')).toBe('<blockquote class="mk-quote">all\nof this</blockquote>');
  });
});

describe('mrkdwn: control sequences', () => {
  it('links with a formatted label, and only safe schemes', () => {
    expect(render('<https://hd.example/Talep/11|*#11* Printer :ticket:>')).toBe(
      '<a href="https://hd.example/Talep/11" target="_blank" rel="noopener noreferrer"><b>#11</b> Printer <span class="mk-emoji" title=":ticket:">🎫</span></a>',
    );
    expect(render('<mailto:it@example.com>')).toContain('>it@example.com</a>');
    expect(render('<javascript:alert(1)|click>')).toBe('&lt;javascript:alert(1)|click&gt;');
  });

  it('names users and channels from the workspace, and broadcasts', () => {
    expect(render('<@U0AGENT> in <#C0HELPDESK> <!here>')).toBe(
      '<span class="mk-mention">@Mehmet Kaya</span> in <span class="mk-mention">#helpdesk</span> <span class="mk-mention mk-broadcast">@here</span>',
    );
    expect(render('<@U0NOBODY|ghost>')).toBe('<span class="mk-mention">@ghost</span>');
  });

  it('shows <!date^…> in the viewer’s time zone, with Slack’s tokens', () => {
    // 2026-01-05 21:30 UTC is 2026-01-06 00:30 in Istanbul: "tomorrow" there.
    const at = Date.UTC(2026, 0, 5, 21, 30) / 1000;
    expect(render(`Due <!date^${at}^{date_short_pretty} {time}|2026-01-05 21:30 UTC>`)).toBe(
      `Due <time class="mk-date" datetime="2026-01-05T21:30:00.000Z">tomorrow 12:30 AM</time>`,
    );
    expect(formatSlackDate(at, '{date_num} · {date} · {date_long} · {time_secs}', { ...ctx, timeZone: 'UTC' })).toBe(
      '2026-01-05 · January 5th, 2026 · Monday, January 5th, 2026 · 9:30:00 PM',
    );
    expect(formatSlackDate(at - 86_400 * 3, '{date_short_pretty} ({ago})', ctx)).toBe('Jan 3, 2026 (2 days ago)');
  });
});

describe('mrkdwn: escaping', () => {
  it('decodes Slack’s entities once and escapes everything for HTML', () => {
    expect(render('&lt;script&gt;alert("x")&lt;/script&gt; Ben &amp; Jerry')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ben &amp; Jerry');
    expect(render('<https://x.example/?a=1&amp;b="2"|a "quoted" label>')).toBe(
      '<a href="https://x.example/?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener noreferrer">a &quot;quoted&quot; label</a>',
    );
  });

  it('plain_text renders emoji only', () => {
    expect(renderPlain('*Save* :white_check_mark: <b>')).toBe('*Save* <span class="mk-emoji" title=":white_check_mark:">✅</span> &lt;b&gt;');
    expect(renderPlain(':white_check_mark:', false)).toBe(':white_check_mark:');
    expect(render(':not_an_emoji_name: :+1:')).toBe(':not_an_emoji_name: <span class="mk-emoji" title=":+1:">👍</span>');
  });
});
