import { describe, expect, it } from 'vitest';
import { button, escapeText, fields, modal, plain, slackDate, truncate } from '../../src/views/kit/blocks.js';

describe('Block Kit helpers', () => {
  it('escape the three characters Slack reserves', () => {
    expect(escapeText('<!channel> & <@U1>')).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt;');
  });

  it('truncate with an ellipsis and keep Slack’s limits', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(plain('x'.repeat(200), 75).text).toHaveLength(75);
    expect(plain('').text).toBe(' '); // Slack refuses empty plain_text
    expect(fields(Array.from({ length: 12 }, (_, i) => `f${i}`)).fields).toHaveLength(10);
    expect(button('y'.repeat(100), 'a').text.text).toHaveLength(75);
  });

  it('cut modal titles and buttons to 24 characters', () => {
    const view = modal({ title: 'A very long modal title indeed', submit: 'Submit this form right now', blocks: [] });
    expect(view.title.text).toBe('A very long modal title…');
    // A space before the cut is dropped, so it may end shorter than the limit.
    expect(view.submit?.text).toBe('Submit this form right…');
    expect(view.close?.text).toBe('Cancel');
  });

  it('render dates in each reader’s zone with a UTC fallback', () => {
    expect(slackDate(new Date('2026-12-01T17:00:00Z'))).toBe('<!date^1796144400^{date_short_pretty} {time}|2026-12-01 17:00 UTC>');
  });
});
