/**
 * `/talep <sub-command> <args>`: one registry of sub-commands. Each command module adds its own; the
 * help text is generated from the same registry, so it can never list something that does not exist.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import { helpMessage, type HelpEntry } from '../views/help.js';
import { firstWord, type Parsed } from './args.js';
import { type Reply, viaRespond } from './reply.js';
import type { Services } from './services.js';
import { type Session, withSession } from './session.js';
import type { ErrorSubject } from '../views/errors.js';

export interface CommandContext {
  services: Services;
  teamId: string;
  userId: string;
  channelId: string;
  /** Valid for 3 s: open modals before any help-desk call. */
  triggerId: string;
  client: webApi.WebClient;
  respond: RespondFn;
  reply: Reply;
  /** Runs `work` as the acting user (connect prompt, queued notice and error messages included). */
  asUser(work: (session: Session) => Promise<void>, subject?: ErrorSubject): Promise<void>;
}

export interface Subcommand<A> extends HelpEntry {
  /** Lower-case word after `/talep`. */
  name: string;
  aliases?: string[];
  /** Pure: the argument text → typed arguments, or the reason they are wrong. */
  parse(args: string): Parsed<A>;
  run(context: CommandContext, args: A): Promise<void>;
}

export class SubcommandRouter {
  readonly #commands = new Map<string, Subcommand<unknown>>();
  readonly #entries: HelpEntry[] = [];

  add<A>(command: Subcommand<A>): void {
    for (const name of [command.name, ...(command.aliases ?? [])]) {
      if (this.#commands.has(name)) throw new Error(`Sub-command "${name}" is registered twice.`);
      this.#commands.set(name, command as Subcommand<unknown>);
    }
    this.#entries.push({ usage: command.usage, summary: command.summary, group: command.group, audience: command.audience });
  }

  get entries(): readonly HelpEntry[] {
    return this.#entries;
  }

  /** Decides what the text asks for; exposed for unit tests. */
  resolve(text: string): { command: Subcommand<unknown>; args: Parsed<unknown> } | { help: true; unknown?: string } {
    const [word, rest] = firstWord(text);
    const name = word.toLowerCase();
    if (!name || name === 'help' || name === '?') return { help: true };
    const command = this.#commands.get(name);
    if (!command) return { help: true, unknown: word };
    return { command, args: command.parse(rest) };
  }

  async dispatch(
    base: Omit<CommandContext, 'reply' | 'asUser'>,
    text: string,
  ): Promise<void> {
    const reply = viaRespond(base.respond);
    const context: CommandContext = {
      ...base,
      reply,
      asUser: (work, subject) => withSession(base.services, { teamId: base.teamId, userId: base.userId }, reply, work, subject),
    };
    const resolved = this.resolve(text);
    if ('help' in resolved) {
      await reply.send(helpMessage(this.#entries, resolved.unknown));
      return;
    }
    const { command, args } = resolved;
    if (!args.ok) {
      await reply.send({ text: `:warning: ${args.error}\nUsage: \`/talep ${command.usage}\`` });
      return;
    }
    await command.run(context, args.value);
  }
}
