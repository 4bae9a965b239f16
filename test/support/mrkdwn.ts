/**
 * The mrkdwn in a Slack payload — what Slack parses for mentions, links and formatting: a message's
 * `text` (its notification and fallback) and the `text` of every `mrkdwn` object. plain_text (button
 * labels, headers, options) is shown as typed and is not included.
 */
export function mrkdwnTexts(payload: unknown, isMessage: boolean): string[] {
  const found: string[] = [];
  if (isMessage && typeof (payload as { text?: unknown } | null)?.text === 'string') found.push((payload as { text: string }).text);
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      const object = value as Record<string, unknown>;
      if (object.type === 'mrkdwn' && typeof object.text === 'string') found.push(object.text);
      Object.values(object).forEach(walk);
    }
  };
  walk(payload);
  return found;
}
