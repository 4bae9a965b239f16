/**
 * `/talep <route> <args>`: ONE registry of sub-commands, nested by words (`show`, `user edit`). Each
 * area declares its routes in its index; the help text is generated from the same registry, so it can
 * never list something that does not exist. The longest matching path wins, so `user edit` and `user`
 * can both exist; a known first word with an unknown second one gets that family's help.
 */
import type { Audience, HelpEntry } from '../views/kit/help.js';
import type { Parsed } from '../domain/parsed.js';
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
  run(ctx: CommandCtx & { args: unknown }): Promise<void>;
}

type RouteSpec<A, N> = HelpEntry & {
  path: string;
  aliases?: string[];
  exact?: boolean;
  parse(args: string): Parsed<A>;
  needs?: N & Needs<CommandCtx & { args: A }>;
  run(ctx: Granted<CommandCtx & { args: A }, N>): Promise<void>;
};

/** Declares a route; `needs` says what `run` may rely on (a linked actor, the talep it is about). */
export function route<A, const N extends object = Record<never, never>>(spec: RouteSpec<A, N>): Route {
  return { ...spec, needs: (spec.needs ?? {}) as Route['needs'], run: spec.run as Route['run'] };
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
      const key = words(path).join(' ').toLowerCase();
      if (this.#routes.has(key)) throw new Error(`Sub-command "${key}" is registered twice.`);
      this.#routes.set(key, entry);
      this.#deepest = Math.max(this.#deepest, words(path).length);
    }
    this.#entries.push({ usage: entry.usage, summary: entry.summary, group: entry.group, audience: entry.audience });
  }

  get entries(): readonly HelpEntry[] {
    return this.#entries;
  }

  /** The help entries of one family (`user`), for "a known word, an unknown sub-command". */
  familyEntries(family: string): HelpEntry[] {
    const seen = new Set<Route>();
    for (const [path, entry] of this.#routes) if (path.startsWith(`${family} `)) seen.add(entry);
    return [...seen].map(({ usage, summary, group, audience }) => ({ usage, summary, group, audience }));
  }

  /** Decides what the text asks for: the longest registered path that the text starts with. */
  resolve(text: string): Resolution {
    const parts = text.trim().split(/(\s+)/);
    const tokens = parts.filter((_, index) => index % 2 === 0).filter(Boolean);
    const first = (tokens[0] ?? '').toLowerCase();
    if (!first || first === 'help' || first === '?') return { help: true };
    for (let depth = Math.min(this.#deepest, tokens.length); depth >= 1; depth -= 1) {
      const key = tokens.slice(0, depth).join(' ').toLowerCase();
      const found = this.#routes.get(key);
      if (!found) continue;
      // The rest of the text exactly as typed (inner spacing and line breaks kept).
      const consumed = parts.slice(0, depth * 2 - 1).join('').length;
      const rest = text.trim().slice(consumed).trim();
      if (found.exact && rest) continue;
      return { route: found, args: found.parse(rest) };
    }
    const family = this.familyEntries(first);
    if (family.length > 0) return { help: true, unknown: tokens.slice(0, 2).join(' '), family: first };
    return { help: true, unknown: tokens[0] };
  }
}

export type { Audience, HelpEntry };
