/**
 * A talep opened from a Slack message without a form: a request channel's new message (as its
 * poster), the channel's emoji (as the person who reacted), a triage channel's "Open a talep" (as the
 * agent, on behalf of the poster). Created at once with the channel's default category and priority
 * (else the person's last used category, else the first they may use), as durable work; the message
 * is reserved first (the same duplicate guard as "Open a talep"), so a message never makes two taleps,
 * whatever Slack re-sends. The thread is then linked (thread sync) and told.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import { slackTextToPlain } from '../../domain/slack-text.js';
import type { Who } from '../../slack/actor.js';
import { type Interaction, surfaceDeps } from '../../slack/interaction.js';
import { acceptWork, defineWork, workIsAlive, type WorkCtx } from '../../slack/outbox.js';
import { slackProfile } from '../../slack/profiles.js';
import type { Services } from '../../slack/services.js';
import { ephemeralSurface, type Surface } from '../../slack/surface.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import { fileRefSchema, MAX_FILES } from '../../views/kit/slack-files.js';
import { alreadyOpenedMessage, beingOpenedMessage, emojiTalepMessage, talepOpenedHereMessage } from '../../views/conversations/messages.js';
import { messageBody, messageFiles, subjectFromText } from '../message-shortcuts/public.js';
import { fileTalep } from '../new-talep/public.js';
import { publicCardMessage } from '../talep-card/public.js';
import { linkThread } from './public.js';
import type { Messages } from '../../i18n/messages.js';
import { channelMessages, messagesOf, personMessages } from '../../slack/locale.js';

export const fromMessageSchema = z.object({
  how: z.enum(['request', 'emoji', 'triage']),
  channelId: z.string().max(40),
  ts: z.string().max(40),
  /** The thread the message is a reply in (the emoji on a reply): that thread is linked and told. */
  threadTs: z.string().max(40).optional(),
  /** The message's author (a triage talep is opened on their behalf). */
  authorId: z.string().max(40),
  text: z.string().max(40_000),
  files: z.array(fileRefSchema).max(MAX_FILES + 1),
  categoryId: z.int().positive().optional(),
  priorityId: z.int().optional(),
});
export type FromMessage = z.infer<typeof fromMessageSchema>;

/** The category: the channel's, else the person's last used, else the first they may use. */
async function categoryFor(ctx: WorkCtx<FromMessage>): Promise<number> {
  const { services, actor, data, who } = ctx;
  if (data.categoryId !== undefined) return data.categoryId;
  const last = await services.stores.threadLinks.lastCategory(who.teamId, who.userId);
  if (last !== undefined) return last;
  const categories = await actor.hd.categories();
  const usable = categories.find((category) => actor.isAgent || !category.ForTechsOnly) ?? categories[0];
  if (!usable) throw new Error('The help desk offers no category to open a talep in.');
  return usable.CategoryID;
}

/** The talep's subject and body, in the words of the person it is opened as (it goes into the help desk). */
async function textOf(services: Services, client: webApi.WebClient, data: FromMessage, m: Messages): Promise<{ subject: string; body: string }> {
  const [permalink, profile] = await Promise.allSettled([
    client.chat.getPermalink({ channel: data.channelId, message_ts: data.ts }),
    slackProfile(client, data.authorId),
  ]);
  const author = profile.status === 'fulfilled' ? profile.value.name : data.authorId;
  const plainText = slackTextToPlain(data.text);
  const link = permalink.status === 'fulfilled' ? permalink.value.permalink : undefined;
  return {
    subject: subjectFromText(plainText) || m.t('shortcuts.messageFrom', { author }).slice(0, 100),
    body: messageBody(plainText, author, link, 20_000, m),
  };
}

async function run(ctx: WorkCtx<FromMessage>) {
  const { services, actor, data, who, client, steps } = ctx;
  const categoryId = steps.result('category', z.int()) ?? (await categoryFor(ctx));
  await steps.record('category', categoryId);
  const m = messagesOf(ctx);
  const { subject, body } = await textOf(services, client, data, m);
  const onBehalf = data.how === 'triage' && data.authorId !== who.userId && actor.isAgent ? { onBehalfOf: data.authorId } : {};
  const talep = await fileTalep(ctx, { categoryId, priorityId: data.priorityId ?? 0, subject, body, tags: [], customFields: {}, files: data.files, ...onBehalf });
  await services.stores.messageTaleps.set(who.teamId, data.channelId, data.ts, talep.id, who.userId);
  const threadTs = data.threadTs ?? data.ts;
  await linkThread(services, who.teamId, data.channelId, threadTs, talep.id, who.userId);
  await services.stores.threadLinks.setLastCategory(who.teamId, who.userId, categoryId);
  services.logger.info(`talep ${talep.id} opened (${data.how}) from ${data.channelId}/${data.ts} by ${who.teamId}:${who.userId}`);
  await steps.atMostOnce('thread-reply', z.boolean(), async () => {
    // Everyone in the thread reads it: the channel's language.
    const inChannel = await channelMessages(services, who.teamId, data.channelId);
    const said: SlackMessage =
      data.how === 'emoji'
        ? talepOpenedHereMessage({ ...talep, url: talep.url }, who.userId, inChannel)
        : await publicCardMessage(services, actor, talep.id, inChannel).catch(() => talepOpenedHereMessage(talep, who.userId, inChannel));
    try {
      await client.chat.postMessage({ channel: data.channelId, thread_ts: threadTs, ...said, unfurl_links: false, unfurl_media: false });
      return true;
    } catch (error) {
      services.logger.warn(`could not post talep ${talep.id} in the thread of ${data.channelId}/${data.ts}`, error);
      return false;
    }
  });
  if (data.how === 'emoji') {
    const category = await actor.hd.categories().then((all) => all.find((each) => each.CategoryID === categoryId)?.Name).catch(() => undefined);
    await ctx.surface.send(emojiTalepMessage(talep, category, m)).catch((error: unknown) => services.logger.info('could not confirm the emoji talep', error));
  }
  services.talepChanges.publish({ talepId: talep.id, kind: 'created', via: 'bot', at: services.now() }).catch(() => undefined);
  return { id: talep.id, subject: talep.subject, url: talep.url };
}

export const fromMessageWork = defineWork({
  kind: 'talep-from-message',
  payload: fromMessageSchema,
  describe: (data, m) => m.t('outbox.whatOpenedFromMessage', { how: data.how }),
  keptText: (m) => m.t('conversations.talepKept'),
  run,
  failed: async (scene, message) => {
    await scene.services.stores.messageTaleps.release(scene.who.teamId, scene.data.channelId, scene.data.ts, scene.job.key);
    await scene.surface.send(message, 'problem');
  },
});

const workKey = (who: Who, channelId: string, ts: string) => `from-message:${who.teamId}:${channelId}:${ts}`;

/**
 * Reserves the message and accepts the work, as `who` (an actor: they are linked). A message that
 * opened a talep (or is opening one) is said so to `who` instead (quietly for a request's re-sends).
 */
export async function openFromMessage(
  services: Services,
  client: webApi.WebClient,
  who: Who,
  order: FromMessage,
  options: { quietIfTaken?: boolean; m?: Messages } = {},
): Promise<void> {
  const surface: Surface = ephemeralSurface(surfaceDeps(services, client, who.userId), order.channelId);
  const key = workKey(who, order.channelId, order.ts);
  const store = services.stores.messageTaleps;
  let claim = await store.reserve(who.teamId, order.channelId, order.ts, { jobKey: key, createdBy: who.userId });
  if (claim.state === 'opening' && !(await workIsAlive(services, claim.jobKey))) {
    claim = await store.reserve(who.teamId, order.channelId, order.ts, { jobKey: key, createdBy: who.userId }, { replacing: claim.jobKey });
  }
  if (claim.state !== 'reserved') {
    if (options.quietIfTaken) return;
    const m = options.m ?? (await personMessages({ services, client, who: who }));
    await surface.send(claim.state === 'opened' ? alreadyOpenedMessage(claim.talepId, m) : beingOpenedMessage(m));
    return;
  }
  const ix: Interaction = { services, client, who, surface };
  try {
    await acceptWork(ix, { work: fromMessageWork, data: order, reply: { to: { c: order.channelId } }, key }, async () => undefined);
  } catch (error) {
    await store.release(who.teamId, order.channelId, order.ts, key);
    throw error;
  }
}

/** What the message carries, as the work keeps it. */
export function orderFrom(
  services: Services,
  how: FromMessage['how'],
  message: { channelId: string; ts: string; userId: string; text: string; files: unknown[]; threadTs?: string | undefined },
  defaults: { categoryId?: number | undefined; priorityId?: number | undefined },
): FromMessage {
  return {
    how,
    channelId: message.channelId,
    ts: message.ts,
    ...(message.threadTs && message.threadTs !== message.ts ? { threadTs: message.threadTs } : {}),
    authorId: message.userId,
    text: message.text.slice(0, 40_000),
    files: messageFiles(message.files, services.maxUploadBytes),
    ...(defaults.categoryId !== undefined ? { categoryId: defaults.categoryId } : {}),
    ...(defaults.priorityId !== undefined ? { priorityId: defaults.priorityId } : {}),
  };
}

