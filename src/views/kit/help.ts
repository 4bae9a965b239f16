/** The `/talep help` message, generated from the registered sub-commands. */
import { type Block, context, escapeText, section, type SlackMessage } from './blocks.js';

export type Audience = 'everyone' | 'agent' | 'admin';

export interface HelpEntry {
  /** e.g. `show <id>` */
  usage: string;
  summary: string;
  /** Heading the entry is listed under, e.g. "Taleps", "Account". */
  group: string;
  audience: Audience;
}

const audienceMark: Record<Audience, string> = { everyone: '', agent: ' _(agents)_', admin: ' _(admins)_' };

export function helpMessage(entries: readonly HelpEntry[], unknown?: string): SlackMessage {
  const groups = new Map<string, HelpEntry[]>();
  for (const entry of entries) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  const intro = unknown
    ? `:thinking_face: I don't know \`${escapeText(unknown)}\`. Here is what \`/talep\` can do:`
    : 'Here is what `/talep` can do:';
  const blocks: Block[] = [section(intro)];
  for (const [group, items] of groups) {
    const lines = items.map((item) => `• \`/talep ${escapeText(item.usage)}\` — ${escapeText(item.summary)}${audienceMark[item.audience]}`);
    blocks.push(section(`*${escapeText(group)}*\n${lines.join('\n')}`));
  }
  blocks.push(context('Replies are only visible to you unless you press *Share in channel*.'));
  return { text: unknown ? `Unknown sub-command “${escapeText(unknown)}”. Try /talep help.` : 'talep-bot help', blocks };
}
