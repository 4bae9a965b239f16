/**
 * What a channel does with people's messages (`/talep channel`):
 *
 *   off      nothing (the default): taleps are opened with the shortcuts or the channel's emoji
 *   request  every new top-level message from a person becomes a talep, confirmed in its thread
 *   triage   every new top-level message gets an "Open a talep" button, for agents
 *
 * And the emoji that opens a talep from a message (by default 🎫, Slack's `ticket`). Pure.
 */
export const CHANNEL_MODES = ['off', 'request', 'triage'] as const;
export type ChannelMode = (typeof CHANNEL_MODES)[number];

export const DEFAULT_CHANNEL_MODE: ChannelMode = 'off';
/** Slack's name of 🎫; reacting with it opens a talep anywhere the bot is. */
export const DEFAULT_TALEP_EMOJI = 'ticket';

/** An emoji's name as Slack sends it in a reaction: `ticket`, from `:ticket:` or `ticket` (skin tones dropped). */
export function emojiName(text: string): string | undefined {
  const name = text.trim().replace(/^:|:$/g, '').replace(/::skin-tone-\d$/, '').toLowerCase();
  return /^[a-z0-9_+'-]{1,100}$/.test(name) ? name : undefined;
}
