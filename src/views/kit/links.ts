/** Links in mrkdwn: only plain web links become Slack links; anything else could break the `<url|text>` syntax. */
export const safeUrl = (url: string | undefined): string | undefined =>
  url && /^https?:\/\/[^\s<>|]+$/.test(url) ? url : undefined;

