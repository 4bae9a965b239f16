/**
 * Slack's message markup → plain text for the help desk, the ONE converter (command text, message
 * shortcuts, thread replies): mentions become `@Name` (a name from `names`, else the label Slack sent,
 * else the id), channels `#name`, special mentions `@here`, user groups their label, dates their
 * fallback text, links `label (url)` (or the bare URL), and the &amp;/&lt;/&gt; escapes are undone.
 *
 * One pass over `<…>` tokens with a regex that cannot backtrack (no nested quantifiers), so it is linear
 * in the text's length whatever the input.
 */

const TOKEN = /<([^<>]*)>/g;

export interface PlainOptions {
  /**
   * `label-and-url` (default): `label (url)`, so the help desk keeps where a link pointed;
   * `shown`: only what the reader saw (search words: people search for the text, not the address).
   */
  links?: 'label-and-url' | 'shown';
}

export function slackTextToPlain(text: string, names: ReadonlyMap<string, string> = new Map(), options: PlainOptions = {}): string {
  return unescapeSlack(text.replace(TOKEN, (whole, inner: string) => tokenToPlain(whole, inner, names, options)));
}

function tokenToPlain(whole: string, inner: string, names: ReadonlyMap<string, string>, options: PlainOptions): string {
  const bar = inner.indexOf('|');
  const target = bar < 0 ? inner : inner.slice(0, bar);
  const label = bar < 0 ? undefined : inner.slice(bar + 1);
  if (target.startsWith('@')) {
    const id = target.slice(1);
    return `@${names.get(id) ?? (label || id)}`;
  }
  if (target.startsWith('#')) return `#${label || target.slice(1)}`;
  if (target.startsWith('!')) {
    const special = target.slice(1);
    if (special === 'here' || special === 'channel' || special === 'everyone') return `@${special}`;
    if (special.startsWith('subteam^')) return label || '@team';
    if (special.startsWith('date^')) return label ?? '';
    return label ?? `@${special}`;
  }
  if (target.startsWith('mailto:')) return label || target.slice('mailto:'.length);
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (options.links === 'shown') return label || target;
    return label && label !== target ? `${label} (${target})` : target;
  }
  return whole;
}

/** Slack escapes only these three characters in message text. */
export function unescapeSlack(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** Slack user ids mentioned in a message's text, in order, without duplicates. */
export function mentionedUserIds(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(/<@([UW][A-Z0-9]+)(?:\|[^<>]*)?>/g)) ids.add(match[1] as string);
  return [...ids];
}
