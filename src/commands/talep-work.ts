/**
 * Working a talep: `/talep comment | close | assign | status | priority | due`, and the card buttons that
 * do the same work (Comment, Close, Assign to me, the status/priority select). Each answers with the
 * refreshed card and a line saying what changed; card buttons re-render the card in place.
 *
 * The comment modal opens at once with the trigger_id (templates load afterwards with `views.update`);
 * a submission is acked (the modal closes), then the comment is added and the card re-rendered through
 * the card's response_url (kept in private_metadata), or confirmed ephemerally. A failure never loses
 * the text: it comes back in the error message.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { slackProfile } from '../slack/profiles.js';
import { escapeText, type ModalView, type SlackMessage, slackDate } from '../views/blocks.js';
import {
  closeCancelledMessage,
  closeConfirmation,
  CloseIds,
  type MessageStateValues,
  suppressNotificationFrom,
} from '../views/talep-close.js';
import {
  agentsOnlyFrom,
  commentBodyBlockId,
  commentBodyFrom,
  commentModal,
  CommentModalIds,
  type CommentModalState,
  type CommentViewValues,
  insertTemplate,
  unsavedCommentMessage,
} from '../views/talep-comment-modal.js';
import { isClosed, parseCardChange, priorityName, TalepCardIds } from '../views/talep-card.js';
import { errorText } from '../views/errors.js';
import {
  type AssigneeArg,
  fail,
  firstWord,
  ok,
  type Parsed,
  parseAssignee,
  parseDueDate,
  parsePriority,
  parseStatus,
  parseTalepId,
  type PriorityName,
  priorityIds,
  type StatusName,
  statusIds,
} from './args.js';
import { decodeMetadata, encodeMetadata } from './metadata.js';
import type { CommandModule } from './module.js';
import { helpdeskPersonFor, personProblem } from './people.js';
import { type Reply, viaDirectMessage, viaEphemeral } from './reply.js';
import type { Services } from './services.js';
import { openSession, reportFailure, type Session, type Who, withSession } from './session.js';
import {
  type CardActionContext,
  cardMessage,
  onCardAction,
  onTalep,
  type PrivateSurface,
  readTalepButton,
  talepIdOfButton,
  whoOf,
} from './talep-card.js';

// ── parsers (pure) ───────────────────────────────────────────────────────────────────────────────

/** `<id> rest` → the id and the rest, or why the id is wrong. */
function withTalepId<T>(text: string, rest: (talepId: number, remainder: string) => Parsed<T>): Parsed<T> {
  const [word, remainder] = firstWord(text);
  const id = parseTalepId(word);
  return id.ok ? rest(id.value, remainder) : id;
}

/**
 * Slack's command-text markup → what a person would have typed: `<@U1|ali>` → `@ali`, `<#C1|general>` →
 * `#general`, `<https://x|label>` → `label (https://x)`, `<!here>` → `@here`, and `&lt;` `&gt;` `&amp;`.
 */
export function slackTextToPlain(text: string): string {
  const converted = text.replace(/<([^<>]*)>/g, (_, inner: string) => {
    const [target = '', label] = inner.split('|', 2) as [string, string | undefined];
    if (target.startsWith('@')) return `@${label ?? target.slice(1)}`;
    if (target.startsWith('#')) return `#${label ?? target.slice(1)}`;
    if (target.startsWith('!')) {
      const special = target.slice(1);
      return label ?? `@${special.startsWith('subteam^') ? 'team' : special}`;
    }
    const url = target.replace(/^mailto:/, '');
    return label && label !== url ? `${label} (${url})` : url;
  });
  return converted.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

export interface CommentArgs {
  talepId: number;
  /** Absent: open the modal. */
  text?: string;
  /** `--private`: an agents-only (ForTechsOnly) comment. */
  agentsOnly: boolean;
}

const PRIVATE_FLAGS = new Set(['--private', '--agents-only', '--agents']);

/** `comment <id> [--private] [text]` (the flag may also come last). */
export function parseCommentArgs(text: string): Parsed<CommentArgs> {
  return withTalepId(text, (talepId, remainder) => {
    let rest = remainder;
    let agentsOnly = false;
    const [first, afterFirst] = firstWord(rest);
    if (PRIVATE_FLAGS.has(first.toLowerCase())) {
      agentsOnly = true;
      rest = afterFirst;
    }
    const last = /\s*(--[a-z-]+)$/i.exec(rest);
    if (last?.[1] && PRIVATE_FLAGS.has(last[1].toLowerCase())) {
      agentsOnly = true;
      rest = rest.slice(0, last.index);
    }
    const body = slackTextToPlain(rest).trim();
    return ok({ talepId, agentsOnly, ...(body ? { text: body } : {}) });
  });
}

export function parseCloseArgs(text: string): Parsed<number> {
  return withTalepId(text, (talepId, remainder) =>
    remainder ? fail(`\`close\` takes only a talep id; got “${remainder}” after it.`) : ok(talepId),
  );
}

export interface AssignArgs {
  talepId: number;
  assignee: AssigneeArg;
}

export function parseAssignArgs(text: string): Parsed<AssignArgs> {
  return withTalepId(text, (talepId, remainder) => {
    if (!remainder) return fail('Who should take it? Add @someone, `me` or `none`.');
    const assignee = parseAssignee(remainder);
    return assignee.ok ? ok({ talepId, assignee: assignee.value }) : assignee;
  });
}

export function parseStatusArgs(text: string): Parsed<{ talepId: number; status: StatusName }> {
  return withTalepId(text, (talepId, remainder) => {
    const status = parseStatus(remainder);
    return status.ok ? ok({ talepId, status: status.value }) : status;
  });
}

export function parsePriorityArgs(text: string): Parsed<{ talepId: number; priority: PriorityName }> {
  return withTalepId(text, (talepId, remainder) => {
    const priority = parsePriority(remainder);
    return priority.ok ? ok({ talepId, priority: priority.value }) : priority;
  });
}

export interface DueArgs {
  talepId: number;
  /** Checked here, turned into an instant when the command runs (it needs now and the user's zone). */
  due: string;
}

export function parseDueArgs(text: string): Parsed<DueArgs> {
  return withTalepId(text, (talepId, remainder) => {
    // The syntax does not depend on the clock or the zone: check it now, resolve it in `run`.
    const checked = parseDueDate(remainder, new Date(0), 0);
    return checked.ok ? ok({ talepId, due: remainder.trim() }) : checked;
  });
}

// ── notices (what just happened, above the card) ─────────────────────────────────────────────────

const statusLabels: Record<number, string> = { 1: 'New', 2: 'In progress', 3: 'Closed' };

export const statusNotice = (talepId: number, statusId: number): string =>
  `:white_check_mark: Status of #${talepId} set to *${statusLabels[statusId] ?? statusId}*.`;
export const priorityNotice = (talepId: number, priority: number): string =>
  `:white_check_mark: Priority of #${talepId} set to *${escapeText(priorityName(priority))}*.`;
export const dueNotice = (talepId: number, due: Date | null): string =>
  due ? `:calendar: Talep #${talepId} is due ${slackDate(due)}.` : `:calendar: Due date of #${talepId} removed.`;
export const closedNotice = (talepId: number, quiet: boolean): string =>
  `:white_check_mark: Talep #${talepId} closed.${quiet ? ' Nobody was notified.' : ''}`;
export const commentNotice = (talepId: number, agentsOnly: boolean): string =>
  `:speech_balloon: Comment added to #${talepId}${agentsOnly ? ' (:lock: agents only)' : ''}.`;

const ONLY_AGENTS_COMMENT: SlackMessage = {
  text: ":no_entry: In this help desk only the talep's category agents (and admins) can add comments.",
};

// ── the work ─────────────────────────────────────────────────────────────────────────────────────

/** An assignee as a help-desk user id (0 = nobody) and how to say it. */
async function resolveAssignee(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  assignee: AssigneeArg,
): Promise<{ userId: number; label: string }> {
  if (assignee.kind === 'me') return { userId: session.account.helpdeskUserId, label: 'you' };
  if (assignee.kind === 'none') return { userId: 0, label: 'nobody' };
  const person = await helpdeskPersonFor(services, session, client, assignee.userId);
  return { userId: person.helpdeskUserId, label: `<@${assignee.userId}> (${escapeText(person.username)})` };
}

async function closeTalep(session: Session, talepId: number, quiet: boolean): Promise<string> {
  await session.hd.closeTalep({ id: talepId, ...(quiet ? { suppressNotification: true } : {}) });
  return closedNotice(talepId, quiet);
}

// ── the comment modal ────────────────────────────────────────────────────────────────────────────

export const commentMetadataSchema = z.object({
  talepId: z.int().min(1),
  agent: z.boolean(),
  bodyVersion: z.int().min(0).max(1000),
  /** Where the card that opened the modal can be re-rendered (a card button's response_url). */
  responseUrl: z.url({ protocol: /^https?$/ }).optional(),
  surface: z.enum(['ephemeral', 'direct']).optional(),
  /** Where to confirm when there is no card (a slash command). */
  channelId: z.string().max(40).optional(),
});
export type CommentMetadata = z.infer<typeof commentMetadataSchema>;

const modalState = (metadata: CommentMetadata, extra: Partial<CommentModalState> = {}): CommentModalState => ({
  talepId: metadata.talepId,
  agent: metadata.agent,
  bodyVersion: metadata.bodyVersion,
  metadata: encodeMetadata(metadata),
  ...extra,
});

/** Opens the modal at once; for agents the templates (cached by the client) follow with views.update. */
async function openCommentModal(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  triggerId: string,
  metadata: CommentMetadata,
  reply: Reply,
): Promise<void> {
  let viewId: string | undefined;
  try {
    const opened = await client.views.open({ trigger_id: triggerId, view: commentModal(modalState(metadata)) });
    viewId = opened.view?.id;
  } catch (error) {
    services.logger.warn('views.open failed for the comment modal', error);
    await reply.send({ text: ':hourglass: Slack did not let me open the comment form in time. Please try again.' });
    return;
  }
  if (!metadata.agent || !viewId) return;
  let templates: CommentModalState['templates'];
  try {
    templates = await session.hd.commentTemplates();
  } catch (error) {
    services.logger.info('comment templates unavailable', error);
    templates = 'failed';
  }
  await client.views
    .update({ view_id: viewId, view: commentModal(modalState(metadata, { templates })) })
    .catch((error: unknown) => services.logger.warn('could not show the comment templates', error));
}

/** Posts to a response_url (a modal submission has none of its own; the card's was kept). */
async function postToResponseUrl(url: string, payload: Record<string, unknown>): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`response_url answered HTTP ${response.status}`);
}

/**
 * Tries `first`; when Slack refuses (e.g. the app is not in the channel), the app's Messages tab. A
 * direct message stays, unlike an ephemeral one, so it gets `forDm(message)` (e.g. without a card that
 * may hold agents-only comments).
 */
function withFallback(
  services: Services,
  first: Reply | undefined,
  dm: Reply,
  forDm: (message: SlackMessage) => SlackMessage = (message) => message,
): Reply {
  return {
    send: async (message) => {
      if (first) {
        try {
          await first.send(message);
          return;
        } catch (error) {
          services.logger.info('ephemeral answer failed; sending a direct message', error);
        }
      }
      await dm.send(forDm(message));
    },
  };
}

/** Where the modal's outcome goes: the card's response_url, else the channel, else a DM. */
function modalReply(
  services: Services,
  client: webApi.WebClient,
  who: Who,
  metadata: CommentMetadata,
  forDm?: (message: SlackMessage) => SlackMessage,
): Reply {
  const dm = viaDirectMessage(client, who.userId);
  const { responseUrl } = metadata;
  if (responseUrl) {
    const viaUrl: Reply = {
      send: (message) => postToResponseUrl(responseUrl, { response_type: 'ephemeral', replace_original: false, ...message }),
    };
    return withFallback(services, viaUrl, dm, forDm);
  }
  return withFallback(services, metadata.channelId ? viaEphemeral(client, metadata.channelId, who.userId) : undefined, dm, forDm);
}

async function submitComment(
  services: Services,
  client: webApi.WebClient,
  who: Who,
  metadata: CommentMetadata,
  body: string,
  agentsOnly: boolean,
): Promise<void> {
  const reply = modalReply(services, client, who, metadata);
  const { talepId } = metadata;
  await withSession(
    services,
    who,
    reply,
    async (session) => {
      // Failures of the comment itself come back with the text, so nothing the user wrote is lost.
      const keepText: Reply = { send: (message) => reply.send(unsavedCommentMessage(message.text, body)) };
      try {
        await session.hd.addComment({ id: talepId, body, ...(agentsOnly ? { forTechsOnly: true } : {}) });
      } catch (error) {
        await reportFailure(services, who, keepText, error, { talepId });
        return;
      }
      const surface: PrivateSurface = metadata.surface ?? 'ephemeral';
      const notice = commentNotice(talepId, agentsOnly);
      const card = await cardMessage(services, session, talepId, surface, notice);
      if (metadata.responseUrl) {
        try {
          await postToResponseUrl(metadata.responseUrl, {
            ...(surface === 'ephemeral' ? { response_type: 'ephemeral' } : {}),
            replace_original: true,
            ...card,
          });
          return;
        } catch (error) {
          services.logger.info('could not re-render the card after a comment', error);
        }
      }
      const noCardInDm = () => ({ text: `${notice} \`/talep show ${talepId}\` shows the talep.` });
      await modalReply(services, client, who, metadata, noCardInDm).send(card);
    },
    { talepId },
  );
}

/** Replies nobody reads: template insertion happens inside the modal, which shows its own problems. */
const quietReply: Reply = { send: async () => undefined };

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const talepWorkModule: CommandModule = {
  name: 'talep-work',
  register({ app, services, router }) {
    router.add<CommentArgs>({
      name: 'comment',
      usage: 'comment <id> [--private] [text]',
      summary: 'Comment on a talep (no text: a form with templates; --private: agents only)',
      group: 'Taleps',
      audience: 'agent',
      parse: parseCommentArgs,
      run: async (context, args) => {
        const { talepId } = args;
        if (args.text === undefined) {
          // The modal must open within 3 s of the trigger: only local checks before views.open.
          const session = openSession(services, context, context.reply);
          // Not linked (or the token was refused): asUser answers with the Connect prompt.
          if (typeof session === 'string') return context.asUser(async () => undefined);
          if (!session.isAgent) return context.reply.send(ONLY_AGENTS_COMMENT);
          const metadata: CommentMetadata = { talepId, agent: true, bodyVersion: 0, channelId: context.channelId };
          return openCommentModal(services, session, context.client, context.triggerId, metadata, context.reply);
        }
        const text = args.text;
        return context.asUser(
          (session) =>
            onTalep(session, context.reply, talepId, async () => {
              if (!session.isAgent) return context.reply.send(ONLY_AGENTS_COMMENT);
              await session.hd.addComment({ id: talepId, body: text, ...(args.agentsOnly ? { forTechsOnly: true } : {}) });
              await context.reply.send(await cardMessage(services, session, talepId, 'ephemeral', commentNotice(talepId, args.agentsOnly)));
            }),
          { talepId },
        );
      },
    });

    router.add<number>({
      name: 'close',
      usage: 'close <id>',
      summary: 'Close a talep (asks first; you can skip the closing e-mail)',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseCloseArgs,
      run: ({ asUser, reply }, talepId) =>
        asUser(
          (session) =>
            onTalep(session, reply, talepId, async () => {
              const talep = await session.hd.getTalep({ id: talepId });
              if (isClosed(talep)) {
                await reply.send(await cardMessage(services, session, talepId, 'ephemeral', `:information_source: Talep #${talepId} is already closed.`));
                return;
              }
              await reply.send(closeConfirmation({ id: talepId, subject: talep.Subject }));
            }),
          { talepId },
        ),
    });

    router.add<AssignArgs>({
      name: 'assign',
      usage: 'assign <id> <@user|me|none>',
      summary: 'Assign a talep to someone, to yourself, or to nobody',
      group: 'Taleps',
      audience: 'agent',
      parse: parseAssignArgs,
      run: ({ asUser, reply, client }, { talepId, assignee }) =>
        asUser(
          (session) =>
            onTalep(session, reply, talepId, async () => {
              let target: { userId: number; label: string };
              try {
                target = await resolveAssignee(services, session, client, assignee);
              } catch (error) {
                const problem = personProblem(error);
                if (!problem) throw error;
                await reply.send({ text: problem });
                return;
              }
              await session.hd.updateTalep({ id: talepId, assignedUserId: target.userId });
              const notice = target.userId === 0
                ? `:white_check_mark: Talep #${talepId} is unassigned.`
                : `:white_check_mark: Talep #${talepId} is assigned to ${target.label}.`;
              await reply.send(await cardMessage(services, session, talepId, 'ephemeral', notice));
            }),
          { talepId },
        ),
    });

    router.add<{ talepId: number; status: StatusName }>({
      name: 'status',
      usage: 'status <id> <new|progress|closed>',
      summary: "Change a talep's status",
      group: 'Taleps',
      audience: 'everyone',
      parse: parseStatusArgs,
      run: ({ asUser, reply }, { talepId, status }) =>
        asUser(
          (session) =>
            onTalep(session, reply, talepId, async () => {
              await session.hd.updateTalep({ id: talepId, statusId: statusIds[status] });
              await reply.send(await cardMessage(services, session, talepId, 'ephemeral', statusNotice(talepId, statusIds[status])));
            }),
          { talepId },
        ),
    });

    router.add<{ talepId: number; priority: PriorityName }>({
      name: 'priority',
      usage: 'priority <id> <low|normal|high|critical>',
      summary: "Change a talep's priority",
      group: 'Taleps',
      audience: 'everyone',
      parse: parsePriorityArgs,
      run: ({ asUser, reply }, { talepId, priority }) =>
        asUser(
          (session) =>
            onTalep(session, reply, talepId, async () => {
              await session.hd.updateTalep({ id: talepId, priority: priorityIds[priority] });
              await reply.send(await cardMessage(services, session, talepId, 'ephemeral', priorityNotice(talepId, priorityIds[priority])));
            }),
          { talepId },
        ),
    });

    router.add<DueArgs>({
      name: 'due',
      usage: 'due <id> <date|none>',
      summary: 'Set or clear the due date: `today`, `tomorrow`, `+3d`, `2026-12-01`, `2026-12-01 17:00`, `none`',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseDueArgs,
      run: ({ asUser, reply, client, userId }, { talepId, due }) =>
        asUser(
          (session) =>
            onTalep(session, reply, talepId, async () => {
              // "tomorrow" means the end of tomorrow where the user is.
              const tzOffset = await slackProfile(client, userId).then(
                (profile) => profile.tzOffset,
                (error: unknown) => {
                  services.logger.warn(`no Slack time zone for ${userId}; reading the due date in UTC`, error);
                  return 0;
                },
              );
              const dueDate = parseDueDate(due, services.now(), tzOffset);
              if (!dueDate.ok) return reply.send({ text: `:warning: ${dueDate.error}` });
              await session.hd.updateTalep({ id: talepId, dueDate: dueDate.value });
              await reply.send(await cardMessage(services, session, talepId, 'ephemeral', dueNotice(talepId, dueDate.value)));
            }),
          { talepId },
        ),
    });

    // ── card buttons ──

    onCardAction(app, services, TalepCardIds.assignToMe, readTalepButton, async ({ session, talepId }) => {
      await session.hd.updateTalep({ id: talepId, assignedUserId: session.account.helpdeskUserId });
      return `:white_check_mark: Talep #${talepId} is assigned to you.`;
    });

    onCardAction(
      app,
      services,
      TalepCardIds.change,
      (action) => {
        const selected = (action as { selected_option?: { value?: unknown } }).selected_option?.value;
        const change = parseCardChange(typeof selected === 'string' ? selected : undefined);
        return change ? { talepId: change.talepId, input: change } : undefined;
      },
      async ({ session, talepId }, change) => {
        if (change.kind === 'status') {
          await session.hd.updateTalep({ id: talepId, statusId: change.statusId });
          return statusNotice(talepId, change.statusId);
        }
        await session.hd.updateTalep({ id: talepId, priority: change.priority });
        return priorityNotice(talepId, change.priority);
      },
    );

    // The card's Close button asked with Block Kit's confirm dialog already.
    onCardAction(app, services, TalepCardIds.close, readTalepButton, ({ session, talepId }) => closeTalep(session, talepId, false));

    onCardAction(app, services, TalepCardIds.comment, readTalepButton, async (context: CardActionContext) => {
      const { services: s, session, client, body, reply, talepId } = context;
      if (!session.isAgent) {
        await reply.send(ONLY_AGENTS_COMMENT);
        return false;
      }
      if (!body.trigger_id) return false;
      const metadata: CommentMetadata = {
        talepId,
        agent: true,
        bodyVersion: 0,
        ...(body.response_url ? { responseUrl: body.response_url } : {}),
        surface: body.container?.['is_ephemeral'] === false ? 'direct' : 'ephemeral',
        ...(body.channel?.id ? { channelId: body.channel.id } : {}),
      };
      await openCommentModal(s, session, client, body.trigger_id, metadata, reply);
      return false;
    });

    // ── the close confirmation ──

    onCardAction(app, services, CloseIds.confirm, readTalepButton, ({ session, talepId, body }) =>
      closeTalep(session, talepId, suppressNotificationFrom(body.state?.values as MessageStateValues | undefined)),
    );

    app.action(CloseIds.cancel, async ({ ack, action, respond }) => {
      await ack();
      const talepId = talepIdOfButton(action);
      await respond({
        response_type: 'ephemeral',
        replace_original: true,
        ...(talepId === undefined ? { text: 'Cancelled.' } : closeCancelledMessage(talepId)),
      });
    });

    // Ticking the checkbox sends an action too; its value is read when Confirm is pressed.
    app.action(CloseIds.quiet, async ({ ack }) => ack());

    // ── the comment modal ──

    app.action(CommentModalIds.templateSelect, async ({ ack, body, action, client }) => {
      await ack();
      if (body.type !== 'block_actions' || !body.view) return;
      const view = body.view;
      const metadata = decodeMetadata(commentMetadataSchema, view.private_metadata);
      const templateId = Number((action as { selected_option?: { value?: unknown } }).selected_option?.value);
      if (!metadata || !Number.isInteger(templateId)) return;
      const session = openSession(services, whoOf(body), quietReply);
      if (typeof session === 'string') return;
      const values = view.state.values as CommentViewValues;
      let next: ModalView;
      try {
        const templates = await session.hd.commentTemplates();
        const template = templates.find((row) => row.TemplateId === templateId);
        if (!template) return;
        // A new body block id: Slack would otherwise keep the typed text over the new initial value.
        const bumped: CommentMetadata = { ...metadata, bodyVersion: metadata.bodyVersion + 1 };
        next = commentModal(modalState(bumped, { templates, body: insertTemplate(commentBodyFrom(values), template.Body) }));
      } catch (error) {
        services.logger.info('could not load the comment templates to insert one', error);
        next = commentModal(modalState(metadata, { templates: 'failed', problem: errorText(error) }));
      }
      // The hash keeps a slow answer from overwriting a newer state of the modal.
      await client.views
        .update({ view_id: view.id, hash: view.hash, view: next })
        .catch((error: unknown) => services.logger.info('could not update the comment modal', error));
    });

    app.view(CommentModalIds.callbackId, async ({ ack, body, view, client }) => {
      const metadata = decodeMetadata(commentMetadataSchema, view.private_metadata);
      const values = view.state.values as CommentViewValues;
      const text = (commentBodyFrom(values) ?? '').trim();
      const bodyBlock = commentBodyBlockId(metadata?.bodyVersion ?? 0);
      if (!metadata) {
        await ack({ response_action: 'errors', errors: { [bodyBlock]: 'This form is out of date. Close it and start again.' } });
        return;
      }
      if (!text) {
        await ack({ response_action: 'errors', errors: { [bodyBlock]: 'Write the comment first.' } });
        return;
      }
      await ack();
      const agentsOnly = metadata.agent && agentsOnlyFrom(values);
      await submitComment(services, client, whoOf(body), metadata, text, agentsOnly);
    });
  },
};
