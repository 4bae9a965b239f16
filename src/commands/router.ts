/**
 * `/talep <sub-command> <args>`: one registry of sub-commands. Each command module adds its own; the
 * help text is generated from the same registry, so it can never list something that does not exist.
 */
import type { RespondFn, webApi } from '@slack/bolt';
import type { HelpEntry } from '../views/help.js';
import type { Parsed } from './args.js';
import type { LegacyCommandContext, LegacyModule, LegacySubcommand } from '../slack/dispatch.js';
import { postToResponseUrl } from '../slack/response-url.js';
import type { CommandModule } from './module.js';
import { type Reply, viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, withSession } from './session.js';
import type { ErrorSubject } from '../slack/failures.js';

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

/**
 * Transitional: an old command module (./module.ts) registered through the kernel. Its sub-commands go
 * onto the kernel's one router; their old context (respond, reply, asUser) is rebuilt here.
 */
export function legacyModule(module: CommandModule): LegacyModule {
  return {
    name: module.name,
    register({ app, services, router, listen }) {
      const adapter = {
        add<A>(command: Subcommand<A>) {
          router.add({
            ...command,
            parse: command.parse as LegacySubcommand['parse'],
            run: (context: LegacyCommandContext, args: never) => {
              const respond = ((payload: string | Record<string, unknown>) =>
                postToResponseUrl(context.responseUrl, typeof payload === 'string' ? { text: payload } : payload)) as unknown as RespondFn;
              const reply = viaRespond(respond);
              const full: CommandContext = {
                ...context,
                respond,
                reply,
                asUser: (work, subject) => withSession(services, { teamId: context.teamId, userId: context.userId }, reply, work, subject),
              };
              return command.run(full, args as A);
            },
          });
        },
      };
      module.register({ app, services, router: adapter as unknown as SubcommandRouter, listen });
    },
  };
}

/** The old registry's shape, kept only for the modules' type of `router`. */
export interface SubcommandRouter {
  add<A>(command: Subcommand<A>): void;
}
