/**
 * `/talep <route> <args>`: ONE registry of sub-commands, nested by words (`show`, `user edit`). Each
 * area declares its routes in its index; the help text is generated from the same registry, so it can
 * never list something that does not exist. The longest matching path wins, so `user edit` and `user`
 * can both exist; a known first word with an unknown second one gets that family's help.
 */
import type { Messages } from '../i18n/messages.js';
import type { SlackMessage } from '../views/kit/blocks.js';
import { type Audience, type HelpEntry, helpMessage } from '../views/kit/help.js';
import type { Parsed } from '../domain/parsed.js';
import { lookupKey } from '../domain/text-case.js';
import type { QueueHint } from './acked-place.js';
import type { Interaction } from './interaction.js';
import type { Granted, Needs } from './middleware.js';

export interface CommandCtx extends Interaction {
  channelId: string;
  /** The command's response_url (valid 30 minutes): kept by flows that answer after a modal closes. */
  responseUrl: string;
  /** Valid for 3 s: open modals before any help-desk call. */
  triggerId: string;
}

/**
 * A registered route. Its argument type is checked where it is declared (`route()`), then erased: the
 * router only passes what `parse` returned on to `run`.
 */
export interface Route extends HelpEntry {
  /** Lower-case words after `/talep`, space separated: `show`, `user edit`. */
  path: string;
  /** Other full paths for the same route (`user show` for `user find`). */
  aliases?: string[];
  /**
   * Only the path alone: with more text after it, a shorter path takes the whole text (`kb new` opens
   * the form; `kb new laptop` searches for "new laptop").
   */
  exact?: boolean;
  /** Pure: the argument text → typed arguments, or the reason they are wrong. */
  parse(args: string): Parsed<unknown>;
  needs: Needs<CommandCtx & { args: unknown }>;
  /**
   * For a route that answers after help-desk calls: its first call's budget, so a long wait is told
   * in the ack itself (./acked-place.ts). Without it, a wait is told once the work reaches the queue.
   */
  queue?: QueueHint;
  run(ctx: CommandCtx & { args: unknown }): Promise<void>;
}

type RouteSpec<A, N> = HelpEntry & {
  path: string;
  aliases?: string[];
  exact?: boolean;
  parse(args: string): Parsed<A>;
  needs?: N & Needs<CommandCtx & { args: A }>;
  queue?: QueueHint;
  run(ctx: Granted<CommandCtx & { args: A }, N>): Promise<void>;
};

/** Declares a route; `needs` says what `run` may rely on (a linked actor, the talep it is about). */
export function route<A, const N extends object = Record<never, never>>(spec: RouteSpec<A, N>): Route {
  return { ...spec, needs: (spec.needs ?? {}) as Route['needs'], run: spec.run as Route['run'] };
}

/**
 * Turkish sub-command words → the English word they stand for, keyed by `lookupKey` (so `YENİ`, `yeni`
 * and `Yeni` are one word, and `yardım` may be typed `yardim`). A word is translated wherever it makes
 * a path (`kullanıcı düzenle` = `user edit`, `kb yeni` = `kb new`), never in the arguments after it.
 * The first Turkish word of an English one is the one Turkish help shows.
 */
export const TURKISH_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    yardım: 'help',
    bağlan: 'connect', 'bağlantıyı-kes': 'disconnect', ayrıl: 'disconnect', 'ben-kimim': 'whoami', ben: 'whoami',
    bekleyen: 'pending', bekleyenler: 'pending',
    yeni: 'new', oluştur: 'new',
    göster: 'show', gör: 'show',
    yorum: 'comment', yorumlar: 'comments',
    ata: 'assign', durum: 'status', öncelik: 'priority', 'son-tarih': 'due', kapat: 'close',
    ilişkiler: 'relations', bağla: 'link', 'bağı-kaldır': 'unlink', birleştir: 'merge', alt: 'sub', üst: 'parent',
    aboneler: 'subscribers', abone: 'subscribe', 'abonelikten-çık': 'unsubscribe',
    alanlar: 'fields', ata2: 'assign2', etiket: 'tag', etiketler: 'tags', 'etiket-kaldır': 'untag',
    dosyalar: 'files', 'dosya-ekle': 'attach', hatırlat: 'remind', hatırlatmalar: 'reminders',
    ara: 'search', bul: 'search', benim: 'mine', istatistik: 'stats', kurallar: 'rules',
    kullanıcı: 'user', listele: 'list', liste: 'list', düzenle: 'edit', sil: 'delete', ekle: 'add', kaldır: 'remove',
    şirket: 'company', kategori: 'category', varlık: 'asset', makale: 'kb', önizleme: 'unfurl', dil: 'language',
    kanal: 'channel', akış: 'feed', akışlar: 'feeds',
  }).map(([turkish, english]) => [lookupKey(turkish), english]),
);

/** English word → the Turkish word Turkish help shows for it. */
export const TURKISH_FOR: Readonly<Record<string, string>> = (() => {
  const shown: Record<string, string> = {};
  for (const [turkish, english] of Object.entries({
    yardım: 'help', bağlan: 'connect', 'bağlantıyı-kes': 'disconnect', ben: 'whoami', bekleyen: 'pending', yeni: 'new',
    göster: 'show', yorum: 'comment', yorumlar: 'comments', ata: 'assign', durum: 'status', öncelik: 'priority',
    'son-tarih': 'due', kapat: 'close', ilişkiler: 'relations', bağla: 'link', 'bağı-kaldır': 'unlink', birleştir: 'merge',
    alt: 'sub', üst: 'parent', aboneler: 'subscribers', abone: 'subscribe', 'abonelikten-çık': 'unsubscribe', alanlar: 'fields',
    etiket: 'tag', etiketler: 'tags', 'etiket-kaldır': 'untag', dosyalar: 'files', 'dosya-ekle': 'attach', hatırlat: 'remind',
    hatırlatmalar: 'reminders', ara: 'search', benim: 'mine', istatistik: 'stats', kurallar: 'rules', kullanıcı: 'user',
    listele: 'list', düzenle: 'edit', sil: 'delete', ekle: 'add', kaldır: 'remove', şirket: 'company', kategori: 'category',
    varlık: 'asset', makale: 'kb', önizleme: 'unfurl', dil: 'language', kanal: 'channel', akış: 'feed', akışlar: 'feeds',
  })) shown[english] ??= turkish;
  return shown;
})();

/** A typed word as the router compares it: Turkish and English case rules, Turkish words in English. */
export const commandWord = (word: string): string => {
  const key = lookupKey(word);
  return TURKISH_WORDS[key] ?? key;
};

/** A route's usage with its path in Turkish where Turkish words exist (`show <id>` → `göster <id>`). */
export function turkishUsage(usage: string, path: string): string {
  const pathWords = words(path);
  const usageWords = usage.split(' ');
  if (!pathWords.every((word, index) => usageWords[index] === word)) return usage;
  return usageWords.map((word, index) => (index < pathWords.length ? (TURKISH_FOR[word] ?? word) : word)).join(' ');
}

/** `/talep help` in the reader's language; in Turkish the paths are shown in Turkish, the English beside them. */
export function localizedHelp(entries: readonly HelpEntry[], unknown: string | undefined, m: Messages): SlackMessage {
  if (m.locale !== 'tr') return helpMessage(entries, unknown, m);
  return helpMessage(entries, unknown, m, { usage: (entry) => (entry.path ? turkishUsage(entry.usage, entry.path) : entry.usage) });
}

export type Resolution =
  | { route: Route; args: Parsed<unknown> }
  | { help: true; unknown?: string; family?: string };

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);

export class Router {
  readonly #routes = new Map<string, Route>();
  readonly #entries: HelpEntry[] = [];
  #deepest = 1;

  add(entry: Route): void {
    for (const path of [entry.path, ...(entry.aliases ?? [])]) {
      const key = words(path).map(lookupKey).join(' ');
      if (this.#routes.has(key)) throw new Error(`Sub-command "${key}" is registered twice.`);
      this.#routes.set(key, entry);
      this.#deepest = Math.max(this.#deepest, words(path).length);
    }
    this.#entries.push({ path: entry.path, usage: entry.usage, summary: entry.summary, group: entry.group, audience: entry.audience });
  }

  get entries(): readonly HelpEntry[] {
    return this.#entries;
  }

  /** The help entries of one family (`user`), for "a known word, an unknown sub-command". */
  familyEntries(family: string): HelpEntry[] {
    const seen = new Set<Route>();
    for (const [path, entry] of this.#routes) if (path.startsWith(`${family} `)) seen.add(entry);
    return [...seen].map(({ path, usage, summary, group, audience }) => ({ path, usage, summary, group, audience }));
  }

  /** Decides what the text asks for: the longest registered path that the text starts with. */
  resolve(text: string): Resolution {
    const trimmed = text.trim();
    // The first words (as many as the deepest path has), each as the router compares it, and where it ends.
    const keys: string[] = [];
    const ends: number[] = [];
    for (const match of trimmed.matchAll(/\S+/g)) {
      keys.push(commandWord(match[0]));
      ends.push(match.index + match[0].length);
      if (keys.length === this.#deepest) break;
    }
    const first = keys[0];
    if (!first || first === 'help' || first === '?') return { help: true };
    for (let depth = keys.length; depth >= 1; depth -= 1) {
      const found = this.#routes.get(depth === 1 ? first : keys.slice(0, depth).join(' '));
      if (!found) continue;
      // The rest of the text exactly as typed (inner spacing and line breaks kept).
      const rest = trimmed.slice(ends[depth - 1]).trim();
      if (found.exact && rest) continue;
      return { route: found, args: found.parse(rest) };
    }
    const family = this.familyEntries(first);
    if (family.length > 0) return { help: true, unknown: words(trimmed).slice(0, 2).join(' '), family: first };
    return { help: true, unknown: words(trimmed)[0] };
  }
}

export type { Audience, HelpEntry };
