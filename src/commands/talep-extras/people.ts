/** Subscribers and secondary assignees: the people around a talep besides its submitter and assignee. */
import { isHelpdeskError } from '../../api/errors.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import type { Interaction } from '../../slack/interaction.js';
import { helpdeskPersonFor } from '../../slack/people.js';
import { escapeText, type SlackMessage } from '../../views/kit/blocks.js';
import { secondaryAssigneeNotice, secondaryAssigneeOff } from '../../views/talep-extras/notices.js';
import { subscribedSomeoneNotice, subscribersMessage } from '../../views/talep-extras/subscribers.js';
import type { CardNotice } from '../talep-card/public.js';
import type { SecondaryArgs } from './args.js';

export async function subscribersFor(actor: Actor, talepId: number, notice?: string, m: Messages = english): Promise<SlackMessage> {
  const [talep, subscribers] = await Promise.all([actor.hd.getTalep({ id: talepId }), actor.hd.subscribers({ id: talepId })]);
  const viewerId = actor.helpdeskUserId;
  return subscribersMessage({ talepId, subscribers, viewerId, viewerIsSubmitter: talep.SubmitterUserInfo.UserID === viewerId }, notice, m);
}

/** An agent (un)subscribes someone else, found by their Slack e-mail; answers with the subscribers list. */
export async function setSomeonesSubscription(
  ix: Interaction,
  actor: Actor,
  talepId: number,
  slackUserId: string,
  subscribe: boolean,
): Promise<SlackMessage> {
  const person = await helpdeskPersonFor(ix.services, actor, ix.client, slackUserId, messagesOf(ix));
  const params = { id: talepId, userId: person.helpdeskUserId };
  await (subscribe ? actor.hd.addSubscriber(params) : actor.hd.removeSubscriber(params));
  const m = messagesOf(ix);
  return subscribersFor(actor, talepId, subscribedSomeoneNotice(slackUserId, subscribe, talepId, m), m);
}

/**
 * AddSecondaryAssignee; answers the notice for above the card. When the help desk's setting is off,
 * that is explained on `ix.surface` instead (no card).
 */
export async function addSecondaryAssignee(ix: Interaction, actor: Actor, { talepId, who }: SecondaryArgs): Promise<CardNotice> {
  const person =
    who.kind === 'me'
      ? { helpdeskUserId: actor.helpdeskUserId, label: messagesOf(ix).t('work.you') }
      : await helpdeskPersonFor(ix.services, actor, ix.client, who.userId, messagesOf(ix)).then((found) => ({
          helpdeskUserId: found.helpdeskUserId,
          label: `<@${who.userId}> (${escapeText(found.username)})`,
        }));
  try {
    await actor.hd.addSecondaryAssignee({ talepId, userId: person.helpdeskUserId });
  } catch (error) {
    if (isHelpdeskError(error, 'invalid') && /AllowSecondaryAssignee|secondary assignees? (are|is) not enabled/i.test(error.reason ?? '')) {
      await ix.surface.send({ text: secondaryAssigneeOff(messagesOf(ix)) });
      return false;
    }
    throw error;
  }
  return secondaryAssigneeNotice(talepId, person.label, messagesOf(ix));
}
