/** The `/talep help` message, generated from the registered sub-commands, in the reader's language. */
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, escapeText, section, type SlackMessage } from './blocks.js';

export type Audience = 'everyone' | 'agent' | 'admin';

export interface HelpEntry {
  /** The route's path (`show`, `user edit`): its summary's catalog key is `route.<path>`. */
  path?: string;
  /** e.g. `show <id>` */
  usage: string;
  summary: string;
  /** Heading the entry is listed under, e.g. "Taleps", "Account". */
  group: string;
  audience: Audience;
}

/** How the help shows a route in a language: its usage (Turkish words in Turkish) and summary. */
export interface HelpWording {
  usage(entry: HelpEntry): string;
}

const englishWording: HelpWording = { usage: (entry) => entry.usage };

export function helpMessage(entries: readonly HelpEntry[], unknown?: string, m: Messages = english, wording: HelpWording = englishWording): SlackMessage {
  const audienceMark = (audience: Audience) =>
    audience === 'agent' ? ` ${m.t('help.agents')}` : audience === 'admin' ? ` ${m.t('help.admins')}` : '';
  const groups = new Map<string, HelpEntry[]>();
  for (const entry of entries) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  const intro = unknown ? m.t('help.introUnknown', { word: escapeText(unknown) }) : m.t('help.intro');
  const blocks: Block[] = [section(intro)];
  for (const [group, items] of groups) {
    const lines = items.map((item) => {
      const summary = (item.path && m.lookup(`route.${item.path}`)) || item.summary;
      const usage = wording.usage(item);
      const also = usage !== item.usage ? ` · \`${escapeText(item.usage)}\`` : '';
      return `• \`/talep ${escapeText(usage)}\`${also} — ${escapeText(summary)}${audienceMark(item.audience)}`;
    });
    blocks.push(section(`*${escapeText(m.lookup(`group.${group}`) ?? group)}*\n${lines.join('\n')}`));
  }
  blocks.push(context(m.t('help.footer')));
  return { text: unknown ? m.t('help.fallbackUnknown', { word: escapeText(unknown) }) : m.t('help.fallback'), blocks };
}
