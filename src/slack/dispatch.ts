/**
 * The kernel's dispatcher: every area's routes and listeners go into maps, and Bolt gets one listener
 * per payload kind (command, block action, submission, closed view, options, shortcut, message
 * shortcut, workflow step (./steps.ts), and one per event type). A request is acknowledged first, then routed by its id to the one
 * listener it is for, with the middleware that listener declared. Unknown ids are acknowledged and
 * logged, never left to time out. Every payload is checked against the kernel's edge schemas
 * (./payloads.ts) first: a malformed one is acknowledged and logged, and no listener sees it.
 * A delivery Slack sends again (or twice) is handled once: the copy gets the first one's ack and
 * runs nothing (./deliveries.ts). Each area's kinds of accepted work are registered with the job
 * runner (./outbox.ts).
 */
import type { AllMiddlewareArgs, App, BlockAction, BlockSuggestion, GlobalShortcut, MessageShortcut, ViewClosedAction, ViewSubmitAction, webApi } from '@slack/bolt';
import type * as z from 'zod';
import { escapeText, type SlackMessage, truncate } from '../views/kit/blocks.js';
import { resultView } from '../views/kit/states.js';
import { AckFirst } from './ack-first.js';
import { machinery } from '../machinery.js';
import { type AckedPlace, placeAtAck } from './acked-place.js';
import { actorFor, type Who, whoActs } from './actor.js';
import { actionDeliveryKey, type AckAnswer, DeliveryLog, submissionDeliveryKey, triggerDeliveryKey, WAIT_FOR_FIRST_ACK_MS } from './deliveries.js';
import { eventKey } from './idempotency-keys.js';
import { linkProblemText } from './failures.js';
import { type Interaction, surfaceDeps } from './interaction.js';
import type {
  ActionCtx,
  ActionNeeds,
  ClosedCtx,
  EventCtx,
  Listener,
  ListenerId,
  MessageShortcutCtx,
  OptionsCtx,
  ShortcutCtx,
  SubmitCtx,
  SubmitNeeds,
} from './listeners.js';
import { runWithNeeds, withPersonWords } from './middleware.js';
import type { ParseProblem } from '../domain/parse-problems.js';
import { type Messages, messagesFor } from '../i18n/messages.js';
import { parseProblemText } from '../i18n/parse-problems.js';
import { knownPersonLocale, lookUpWordsEarly, messagesOf, workspaceLocale } from './locale.js';
import { shareBlocks } from './message-json.js';
import { slackProfile } from './profiles.js';
import { queueCancelListener } from './queue-notice.js';
import {
  blockActionElement,
  blockActionPayload,
  blockSuggestionPayload,
  checkedSlashCommands,
  messageShortcutPayload,
  payloadProblem,
  shortcutPayload,
  slashCommandPayload,
  viewClosedPayload,
  viewSubmissionPayload,
} from './payloads.js';
import { type WorkKind, workHandler } from './outbox.js';
import { type CommandCtx, localizedHelp, type Resolution, type Route, Router } from './routes.js';
import type { Services } from './services.js';
import { registerSteps } from './steps.js';
import { withinMs } from './within.js';
import { extended } from '../objects.js';
import {
  dmSurface,
  ephemeralSurface,
  forSlack,
  type ModalSurface,
  modalSurface,
  plainModalRender,
  respondSurface,
  type Surface,
} from './surface.js';

export const SLASH_COMMAND = '/talep';

type CommandNext = { answer: (m: Messages) => SlackMessage } | { route: Route; args: unknown };

/** A sub-command's arguments could not be read: the problem (escaped, cut to what a notice needs) and its usage. */
const usageProblem = (route: Route, problem: ParseProblem, m: Messages): SlackMessage => ({
  text: m.t('help.usageProblem', { problem: escapeText(truncate(parseProblemText(problem, m), 1000)), usage: route.usage }),
});

/** One area of the bot: its `/talep` routes, its listeners, and the kinds of accepted work it runs. */
export interface Area {
  name: string;
  routes?: Route[];
  listeners?: Listener[];
  work?: readonly WorkKind[];
  /** Work that runs without a request (feeds, pollers): built with the bot's Web API client, started and stopped with the app. */
  background?: (services: Services, client: webApi.WebClient) => BackgroundWork;
}

/**
 * A start/stop-able component. A multi-instance deployment can wrap one in a "run on one instance
 * only" lease without the component knowing.
 */
export interface BackgroundWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Exact ids in a map; the few pattern ids (paging buttons…) are tried after it, in order. */
class ListenerMap<L extends { id: ListenerId }> {
  readonly #exact = new Map<string, L>();
  readonly #patterns: L[] = [];

  add(listener: L, kind: string): void {
    if (typeof listener.id !== 'string') {
      this.#patterns.push(listener);
      return;
    }
    if (this.#exact.has(listener.id)) throw new Error(`The ${kind} listener "${listener.id}" is registered twice.`);
    this.#exact.set(listener.id, listener);
  }

  find(id: string): L | undefined {
    return this.#exact.get(id) ?? this.#patterns.find((listener) => (listener.id as RegExp).test(id));
  }
}

type Of<K extends Listener['kind']> = Extract<Listener, { kind: K }>;

/** A surface that cannot show anything (an options request): problems are only logged. */
const loggedOnly = (services: Services): Surface => {
  const send = async (message: SlackMessage) =>
    services.logger.info(`not shown (no surface): ${message.confidential ? '(agents-only details)' : message.text.slice(0, 200)}`);
  return { kind: 'dm', send, replace: send };
};

/** How long an ack may wait for the store to say whether the person can act (a shared store's round trip). */
const ACK_LOOKUP_BUDGET_MS = 50;
/**
 * The latest a wait not told in the ack (its estimate was still settling, AckedPlace.settlesInMs) is
 * told after it: well inside the second a long wait is to be announced in (issue 13).
 */
const SETTLING_TELL_MAX_MS = 400;

/**
 * `ackFirst`: the receiver's count of requests not yet answered; the work after each `ack()` waits for
 * them (./ack-first.ts). Without one (Socket Mode, tests) the work waits one turn of the event loop.
 */
export function registerAreas(app: App, services: Services, areas: readonly Area[], ackFirst: AckFirst = new AckFirst()): Router {
  const router = new Router();
  /**
   * The work after an ack, run apart from Bolt's handling of the request: Bolt and the receiver let go
   * of the request at once instead of holding it (and everything Bolt made for it, ~70 KB) while the
   * work waits in the help desk's queue, sometimes for minutes (issue 13's heap snapshot). It starts
   * once the requests already read are acknowledged (./ack-first.ts).
   */
  const afterAck = (what: string, work: () => Promise<unknown>, holdMs?: number): void =>
    ackFirst.run(work, (error) => services.logger.error(`${what}: the work after the ack failed`, error), holdMs);
  const deliveries = new DeliveryLog();
  /**
   * Whether this instance is the first to claim `key` among all instances (true without shared
   * deliveries). If the shared claim cannot be made, the delivery runs: writes still go through the
   * durable idempotency keys.
   */
  const claimShared = async (key: string): Promise<boolean> => {
    if (!services.sharedDeliveries) return true;
    try {
      return await services.sharedDeliveries.claim(key);
    } catch (error) {
      services.logger.warn('shared deliveries: could not claim a delivery; handled here', error);
      return true;
    }
  };
  /** True for a copy of a delivery this process (or another instance) already handled (logged; the caller only acks). */
  const isCopy = async (key: string | undefined, what: string): Promise<boolean> => {
    if (key === undefined || (deliveries.arrive(key).first && (await claimShared(key)))) return false;
    services.logger.info(`a copy of ${what} (delivered again); acknowledged, not run again`);
    return true;
  };
  const actions = new ListenerMap<Of<'action'>>();
  const submits = new ListenerMap<Of<'submit'>>();
  const closes = new ListenerMap<Of<'closed'>>();
  const options = new ListenerMap<Of<'options'>>();
  const shortcuts = new ListenerMap<Of<'shortcut'>>();
  const messageShortcuts = new ListenerMap<Of<'message-shortcut'>>();
  const events = new Map<string, Of<'event'>>();
  const steps = new Map<string, Of<'function'>>();
  // The kernel's own control: Cancel on a "queued" notice (./queue-notice.ts).
  const kernelArea: Area = { name: 'kernel', listeners: [queueCancelListener] };
  for (const area of [...areas, kernelArea]) {
    for (const entry of area.routes ?? []) router.add(entry);
    for (const work of area.work ?? []) services.jobs.register(work.kind, workHandler(services, app.client, work));
    for (const listener of area.listeners ?? []) {
      switch (listener.kind) {
        case 'action': actions.add(listener, 'action'); break;
        case 'submit': submits.add(listener, 'submission'); break;
        case 'closed': closes.add(listener, 'view_closed'); break;
        case 'options': options.add(listener, 'options'); break;
        case 'shortcut': shortcuts.add(listener, 'shortcut'); break;
        case 'message-shortcut': messageShortcuts.add(listener, 'message shortcut'); break;
        case 'event':
          if (events.has(listener.id)) throw new Error(`The event listener "${listener.id}" is registered twice.`);
          if (listener.id === 'function_executed') throw new Error('Workflow steps are declared with onFunction, not onEvent("function_executed").');
          events.set(listener.id, listener);
          break;
        case 'function':
          if (steps.has(listener.id)) throw new Error(`The workflow step "${listener.id}" is registered twice.`);
          steps.set(listener.id, listener);
          break;
      }
    }
  }
  const { logger } = services;
  /** Whether `body` has the shape the kernel reads; a malformed one is logged (where and what, no values). */
  const wellFormed = (schema: z.ZodType, body: unknown, what: string): boolean => {
    const checked = schema.safeParse(body);
    if (!checked.success) logger.warn(`malformed ${what}: ${payloadProblem(checked.error)}; acknowledged, not run`);
    return checked.success;
  };
  const base = (client: webApi.WebClient, who: Interaction['who'], surface: Surface, deliveryKey?: string): Interaction => ({
    services,
    client,
    who,
    surface,
    ...(deliveryKey ? { deliveryKey } : {}),
  });

  // The help is the same for everyone of a language: built once per family and language (with an
  // unknown word quoted, each time).
  const helpMessages = new Map<string, SlackMessage>();
  const helpFor = (family: string | undefined, unknown: string | undefined, m: Messages): SlackMessage => {
    const build = () => localizedHelp(family ? router.familyEntries(family) : router.entries, unknown, m);
    if (unknown) return build();
    const key = `${m.locale}:${family ?? ''}`;
    let message = helpMessages.get(key);
    if (!message) helpMessages.set(key, (message = shareBlocks(build())));
    return message;
  };
  /** What a `/talep` text leads to: the kernel's own answer (help, a usage problem), or a route to run. */
  const commandNext = (resolved: Resolution): CommandNext => {
    if ('help' in resolved) return { answer: (m) => helpFor(resolved.family, resolved.unknown, m) };
    const { route, args } = resolved;
    return args.ok ? { route, args: args.value } : { answer: (m) => usageProblem(route, args.error, m) };
  };

  /**
   * The "queued" notice for a command's ack, when the person can act (a link the help desk has not
   * refused), in their language as known without asking Slack (else the workspace's). It waits for
   * nothing that needs a turn of the event loop (Slack, a timer that has to fire): in a flood one turn
   * takes as long as the flood's requests read in it, and the notice came a second or two late (issue
   * 13's queue bench). The person's Slack profile is asked for now, for the answer, unless the work
   * starts only when its turn nears (it asks then). Without a notice here the wait is told once the
   * work reaches the queue.
   */
  const noticeWords = async (place: AckedPlace, client: webApi.WebClient, who: Who): Promise<Messages | undefined> => {
    const [known, usable] = await Promise.all([
      knownPersonLocale({ services, who }),
      withinMs(ACK_LOOKUP_BUDGET_MS, services.stores.accounts.hasUsableLink(who.teamId, who.userId)).catch(() => false),
    ]);
    if (!known && !place.startsLater) slackProfile(client, who.userId).catch(() => undefined);
    return usable ? messagesFor(known ?? workspaceLocale(services)) : undefined;
  };
  const noticeForAck = async (place: AckedPlace, client: webApi.WebClient, who: Who): Promise<SlackMessage | undefined> => {
    const words = await noticeWords(place, client, who);
    return words ? place.notice.atAck(place.waitMs, words) : undefined;
  };
  /**
   * A wait whose estimate was still settling at the ack (people not read yet may take turns before
   * it): told on the response_url once it has settled, checked again if someone new came meanwhile,
   * and at most SETTLING_TELL_MAX_MS after the ack, with the estimate as it is then.
   */
  const tellWhenSettled = (place: AckedPlace, client: webApi.WebClient, who: Who, settlesInMs: number): void => {
    const deadline = performance.now() + SETTLING_TELL_MAX_MS;
    const tell = async (): Promise<void> => {
      const waitMs = place.waitNowMs();
      if (waitMs === undefined) return; // its call is on the way: the answer is the news
      const words = await noticeWords(place, client, who);
      if (!words) return;
      place.notice.speak(words);
      place.notice.onQueued(waitMs);
    };
    const check = machinery('the queued notice', () => {
      const more = place.settlesInMs();
      const left = deadline - performance.now();
      if (more > 0 && left > 0) setTimeout(check, Math.min(more, left));
      else tell().catch((error: unknown) => logger.warn('queued notice failed', error));
    });
    setTimeout(check, Math.min(settlesInMs, SETTLING_TELL_MAX_MS));
  };

  /** Who acted, read leniently from a payload not validated yet (the work validates it); undefined without a user id. */
  const whoActsIfAny = (body: unknown): Who | undefined => {
    const { user, team } = (body ?? {}) as { user?: { id?: unknown; team_id?: unknown }; team?: { id?: unknown } | null };
    if (typeof user?.id !== 'string') return undefined;
    const teamId = typeof team?.id === 'string' ? team.id : typeof user.team_id === 'string' ? user.team_id : '';
    return { teamId, userId: user.id };
  };
  /**
   * The person's words, asked for at the ack when only Slack can tell them (see lookUpWordsEarly): for
   * shortcuts and buttons, whose work opens or updates a view first. Not for slash commands: in a burst
   * of 1,000 `/talep help` the look-ups took the acks' turns (ack p99 up by a third), and most
   * commands' answers wait for the help desk anyway.
   */
  const askWordsEarlyOf = (client: webApi.WebClient, body: unknown): void => {
    const who = whoActsIfAny(body);
    if (who) lookUpWordsEarly({ services, client, who });
  };

  // ── /talep ──
  app.command(SLASH_COMMAND, async ({ ack, command, client }) => {
    if (!checkedSlashCommands.has(command) && !wellFormed(slashCommandPayload, command, `command ${SLASH_COMMAND}`)) {
      await ack();
      return;
    }
    let next: CommandNext;
    try {
      next = commandNext(router.resolve(command.text ?? ''));
    } catch (error) {
      await ack();
      logger.error(`${SLASH_COMMAND}: the text could not be read`, error);
      return;
    }
    // The kernel's own answers (the help, a usage problem) need nothing but the text and the person's
    // language: they go in the ack itself (no response_url call) when that language is known without
    // asking Slack; else after the ack, as every other answer.
    const who = { teamId: command.team_id, userId: command.user_id };
    if ('answer' in next) {
      const locale = await knownPersonLocale({ services, who });
      if (locale) {
        await ack({ response_type: 'ephemeral', ...forSlack(next.answer(messagesFor(locale))) });
        return;
      }
    }
    const deps = surfaceDeps(services, client, who.userId);
    const surface = respondSurface(deps, command.response_url);
    // A route that answers after help-desk calls takes its place in their queue now; a long wait is
    // told in the ack itself, and its work may then wait longer behind the other acks (./acked-place.ts).
    const holdNow = ackFirst.holdNowMs;
    const place = 'route' in next && next.route.queue && !next.route.needs.quiet ? placeAtAck(services, surface, who, next.route.queue, command.text ?? '', holdNow) : undefined;
    // A wait that people not read yet may still lengthen is told a moment after the ack instead.
    const settlesInMs = place?.announce ? place.settlesInMs() : 0;
    const notice = place?.announce && settlesInMs === 0 ? await noticeForAck(place, client, who) : undefined;
    await (notice ? ack({ response_type: 'ephemeral', ...forSlack(notice) }) : ack());
    if (place && settlesInMs > 0) tellWhenSettled(place, client, who, settlesInMs);
    const work = (later: boolean): void =>
      afterAck(
        SLASH_COMMAND,
        async () => {
          place?.working();
          try {
            const deliveryKey = triggerDeliveryKey('command', command.team_id, command.user_id, command.trigger_id);
            if (await isCopy(deliveryKey, 'a slash command')) return;
            // The kernel's own answers (help, usage); a route's answers and failures go through runWithNeeds.
            const tell = (message: SlackMessage) => surface.send(message).catch((error: unknown) => logger.warn('could not answer /talep', error));
            // The person's words, found once for the kernel's answers and the route (./locale.ts).
            const ix = await withPersonWords(base(client, who, surface, deliveryKey));
            if ('answer' in next) {
              await tell(next.answer(messagesOf(ix)));
              return;
            }
            const ctx: CommandCtx & { args: unknown } = extended(ix, {
              channelId: command.channel_id,
              responseUrl: command.response_url,
              triggerId: command.trigger_id,
              args: next.args,
              ...(place ? { acked: { order: place.order, notice: place.notice } } : {}),
            });
            await runWithNeeds(ctx, next.route.needs, next.route.run);
          } finally {
            place?.done();
          }
        },
        // Held as long as its estimate counted (./acked-place.ts), else the hold of a burst or none.
        // Started when its turn nears, it is held no longer than any work.
        later ? undefined : place ? place.holdMs(notice !== undefined || settlesInMs > 0) : undefined,
      );
    if (place) place.start(work);
    else work(false);
  });

  // ── buttons, selects, menus ──
  app.action({ type: 'block_actions' }, async ({ ack, body, payload, client }) => {
    await ack();
    askWordsEarlyOf(client, body);
    afterAck('a block action', async () => {
      const actionBody = body as BlockAction;
      const actionId = (payload as { action_id?: unknown }).action_id;
      const what = `block action "${typeof actionId === 'string' ? actionId.slice(0, 100) : '?'}"`;
      if (!wellFormed(blockActionPayload, body, what) || !wellFormed(blockActionElement, payload, what)) return;
      const listener = actions.find(actionId as string);
      if (!listener) {
        logger.info(`no listener for ${what}; acknowledged`);
        return;
      }
      const deliveryKey = actionDeliveryKey(actionBody);
      if (await isCopy(deliveryKey, `action "${String(actionId)}"`)) return;
      const ctx = { ...actionContext(services, client, actionBody, payload), ...(deliveryKey ? { deliveryKey } : {}) };
      const needs: ActionNeeds<ActionCtx> = listener.needs;
      if (needs.modal) {
        if (!ctx.modal) {
          logger.info(`action "${actionId}" expects a modal; ignored outside one`);
          return;
        }
        const modal = typeof needs.modal === 'function' ? ctx.modal.withRender(needs.modal(ctx)) : ctx.modal;
        await runWithNeeds({ ...ctx, surface: modal }, needs, listener.handle);
        return;
      }
      await runWithNeeds(ctx, needs, listener.handle);
    });
  });

  // ── modal submissions ──
  app.view({ type: 'view_submission' }, async ({ ack, body, client }) => {
    const submission = body as ViewSubmitAction;
    if (!wellFormed(viewSubmissionPayload, body, 'view_submission')) {
      await ack();
      return;
    }
    const deliveryKey = submissionDeliveryKey(submission);
    const arrival = deliveries.arrive(deliveryKey);
    const elsewhere = arrival.first && !(await claimShared(deliveryKey));
    if (!arrival.first || elsewhere) {
      // The same answer as the first copy's (an `update` to "Creating…", inline errors…): nothing runs twice.
      let first: AckAnswer;
      if (arrival.first) {
        first = await services.sharedDeliveries!.firstAck(deliveryKey, WAIT_FOR_FIRST_ACK_MS).catch(() => undefined);
        arrival.acked(first); // copies reaching this process answer the same
      } else {
        first = await arrival.firstAck();
      }
      logger.info(`a copy of the submission of "${submission.view.callback_id}" (delivered again); answered with the first ack`);
      await (first ? ack(first as never) : ack());
      return;
    }
    const listener = submits.find(submission.view.callback_id);
    if (!listener) {
      arrival.acked(undefined);
      await ack();
      logger.info(`no listener for the submission of "${submission.view.callback_id}"; acknowledged`);
      return;
    }
    let acked = false;
    const once: SubmitCtx['ack'] = async (response) => {
      if (acked) return;
      acked = true;
      arrival.acked(response as AckAnswer);
      services.sharedDeliveries?.acked(deliveryKey, response as AckAnswer).catch((error: unknown) => logger.warn('shared deliveries: could not record an ack', error));
      await (response ? ack(response) : ack());
    };
    const who = whoActs(submission);
    const deps = surfaceDeps(services, client, who.userId);
    const view = submission.view;
    const title = view.title?.text || 'talep';
    // No hash: the submission's own answer (an `update` ack) changes the view, so its old hash is stale.
    const plain = modalSurface(deps, { id: view.id }, plainModalRender(title));
    const ctx: SubmitCtx = { ...base(client, who, plain, deliveryKey), surface: plain, body: submission, view, values: view.state.values, ack: once };
    const needs: SubmitNeeds<SubmitCtx> = listener.needs;
    const surface = needs.render ? plain.withRender(needs.render(ctx)) : plain;
    if (needs.linked || needs.talep) {
      // Said in the submission's answer: the modal is still waiting for it.
      const standing = await actorFor(services, who);
      if (typeof standing === 'string') {
        const words = messagesFor((await knownPersonLocale({ services, who })) ?? workspaceLocale(services));
        await once({ response_action: 'update', view: resultView(title, `:link: ${linkProblemText(standing, words)}`) });
        return;
      }
    }
    try {
      await runWithNeeds({ ...ctx, surface }, needs, listener.handle);
    } finally {
      await once();
    }
  });

  app.view({ type: 'view_closed' }, async ({ ack, body, client }) => {
    const closed = body as ViewClosedAction;
    await ack();
    afterAck('view_closed', async () => {
      if (!wellFormed(viewClosedPayload, body, 'view_closed')) return;
      const listener = closes.find(closed.view.callback_id);
      if (!listener) return;
      const who = whoActs(closed);
      const ctx: ClosedCtx = { ...base(client, who, dmSurface(surfaceDeps(services, client, who.userId))), body: closed, view: closed.view };
      await listener.handle(ctx).catch((error: unknown) => logger.warn(`view_closed "${closed.view.callback_id}" failed`, error));
    });
  });

  // ── external select options ──
  app.options({ type: 'block_suggestion' }, async ({ ack, body, client }) => {
    const suggestion = body as BlockSuggestion;
    if (!wellFormed(blockSuggestionPayload, body, 'block_suggestion')) {
      await ack({ options: [] });
      return;
    }
    const listener = options.find(suggestion.action_id);
    if (!listener) {
      await ack({ options: [] });
      logger.info(`no options listener for "${suggestion.action_id}"; answered none`);
      return;
    }
    const who = whoActs(suggestion);
    const ctx: OptionsCtx = { ...base(client, who, loggedOnly(services)), body: suggestion, query: suggestion.value ?? '' };
    let answer: Awaited<ReturnType<typeof listener.handle>> = { options: [] };
    // Options requests cannot show a connect prompt or a queued notice: the select just stays empty.
    await runWithNeeds(ctx, { ...listener.needs, quiet: true }, async (granted) => {
      answer = await listener.handle(granted as never);
    });
    await ack(answer as never);
  });

  // ── shortcuts ──
  app.shortcut({ type: 'shortcut' }, async ({ ack, body, client }) => {
    const shortcut = body as GlobalShortcut;
    await ack();
    askWordsEarlyOf(client, body);
    afterAck('a shortcut', async () => {
      if (!wellFormed(shortcutPayload, body, 'shortcut')) return;
      const listener = shortcuts.find(shortcut.callback_id);
      if (!listener) return logger.info(`no listener for the shortcut "${shortcut.callback_id}"; acknowledged`);
      const who = whoActs(shortcut);
      const deliveryKey = triggerDeliveryKey('shortcut', who.teamId, who.userId, shortcut.trigger_id);
      if (await isCopy(deliveryKey, `the shortcut "${shortcut.callback_id}"`)) return;
      const ctx: ShortcutCtx = {
        ...base(client, who, dmSurface(surfaceDeps(services, client, who.userId)), deliveryKey),
        body: shortcut,
        triggerId: shortcut.trigger_id,
      };
      await runWithNeeds(ctx, listener.needs, listener.handle);
    });
  });

  app.shortcut({ type: 'message_action' }, async ({ ack, body, client }) => {
    const shortcut = body as MessageShortcut;
    await ack();
    askWordsEarlyOf(client, body);
    afterAck('a message shortcut', async () => {
      if (!wellFormed(messageShortcutPayload, body, 'message shortcut')) return;
      const listener = messageShortcuts.find(shortcut.callback_id);
      if (!listener) return logger.info(`no listener for the message shortcut "${shortcut.callback_id}"; acknowledged`);
      const who = whoActs(shortcut);
      const deliveryKey = triggerDeliveryKey('shortcut', who.teamId, who.userId, shortcut.trigger_id);
      if (await isCopy(deliveryKey, `the message shortcut "${shortcut.callback_id}"`)) return;
      const deps = surfaceDeps(services, client, who.userId);
      const surface = shortcut.response_url ? respondSurface(deps, shortcut.response_url) : ephemeralSurface(deps, shortcut.channel.id);
      const ctx: MessageShortcutCtx = {
        ...base(client, who, surface, deliveryKey),
        body: shortcut,
        triggerId: shortcut.trigger_id,
        channelId: shortcut.channel.id,
        message: shortcut.message,
      };
      await runWithNeeds(ctx, listener.needs, listener.handle);
    });
  });

  // ── events ──
  // Slack re-sends an event whose ack was late, with the same event_id: it is handled once (./deliveries.ts).
  for (const [type, listener] of events) {
    app.event(type, async (args) => {
      const { event, body, client, context } = args as unknown as AllMiddlewareArgs & { event: Record<string, unknown>; body: Record<string, unknown> };
      const eventId = typeof body.event_id === 'string' ? body.event_id : undefined;
      if (eventId && (await isCopy(eventKey(eventId), `the event "${type}" ${eventId} (retry ${String(context.retryNum ?? "-")})`))) return;
      const ctx: EventCtx = {
        services,
        client,
        event,
        body,
        teamId: typeof body.team_id === 'string' ? body.team_id : undefined,
        retryNum: typeof context.retryNum === 'number' ? context.retryNum : undefined,
        eventId,
        handledBefore: async () => {
          if (!eventId || !(await services.stores.seenEvents.has(eventId))) return false;
          logger.info(`the event "${type}" ${eventId} was handled before (persisted); not run again`);
          return true;
        },
        handled: async () => {
          if (eventId) await services.stores.seenEvents.firstTime(eventId, services.now());
        },
      };
      await listener.handle(ctx).catch((error: unknown) => logger.warn(`event "${type}" failed`, error));
    });
  }

  // ── workflow steps ──
  registerSteps(app, services, steps);

  app.error(async (error) => {
    // Failures that escaped the kernel (a listener reports its own): the person already got an ack.
    logger.error('unhandled listener error', error);
  });
  return router;
}

/** An action's context: who, where the control lives, and where its answers go. */
export function actionContext(services: Services, client: webApi.WebClient, body: BlockAction, payload: unknown): ActionCtx {
  const who = whoActs(body);
  const deps = surfaceDeps(services, client, who.userId);
  const containerType = typeof body.container?.['type'] === 'string' ? body.container['type'] : undefined;
  const view = body.view;
  let container: ActionCtx['container'] = 'unknown';
  if (containerType === 'view') container = view?.type === 'home' ? 'home' : 'modal';
  else if (containerType === 'message' || containerType === 'message_attachment') {
    container = body.container['is_ephemeral'] === false ? 'message' : 'ephemeral';
  }
  let modal: ModalSurface | undefined;
  if (container === 'modal' && view) modal = modalSurface(deps, { id: view.id, hash: view.hash }, plainModalRender(view.title?.text || 'talep'));
  let surface: Surface;
  if ((container === 'message' || container === 'ephemeral') && body.response_url) {
    surface = respondSurface(deps, body.response_url, container === 'ephemeral');
  } else if (body.channel?.id && container !== 'home' && container !== 'modal') {
    surface = ephemeralSurface(deps, body.channel.id);
  } else {
    surface = dmSurface(deps);
  }
  return {
    services,
    client,
    who,
    surface,
    body,
    action: payload as ActionCtx['action'],
    triggerId: body.trigger_id,
    channelId: body.channel?.id,
    messageTs: body.message?.ts,
    view,
    modal,
    container,
  };
}

