/** A talep's subscribers as a message, with Subscribe me / Unsubscribe me. Pure: data → Block Kit JSON. */
import type { UserListItem } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, context, escapeText, section, type SlackMessage } from '../kit/blocks.js';
import { ExtrasIds } from './ids.js';

export interface SubscribersData {
  talepId: number;
  subscribers: readonly UserListItem[];
  /** The viewer's help-desk user id. */
  viewerId: number;
  /** The submitter hears about their talep anyway: no Subscribe button for them. */
  viewerIsSubmitter: boolean;
}

function personLine(user: UserListItem): string {
  const name = [user.FirstName, user.LastName].filter((part): part is string => Boolean(part?.trim())).join(' ');
  const email = user.Email ? ` · ${escapeText(user.Email)}` : '';
  return `• *${escapeText(name || user.Username)}* (\`${escapeText(user.Username)}\`)${email}`;
}

export const onlyAgentsSubscribeOthers = (m: Messages = english): string => m.t('extras.onlyAgentsSubscribeOthers');
export const onlyAgentsSubscribeOthersText = onlyAgentsSubscribeOthers();

export function subscribersMessage(data: SubscribersData, notice?: string, m: Messages = english): SlackMessage {
  const { talepId, subscribers } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  if (subscribers.length === 0) {
    blocks.push(section(m.t('extras.nobodySubscribed', { id: talepId })));
  } else {
    const lines = subscribers.slice(0, 50).map(personLine);
    const more = subscribers.length > lines.length ? `\n${m.t('extras.more', { count: subscribers.length - lines.length })}` : '';
    blocks.push(section(`${m.t('extras.subscribersHeading', { id: talepId, count: subscribers.length })}\n${lines.join('\n')}${more}`));
  }
  const subscribed = subscribers.some((user) => user.UserID === data.viewerId);
  const id = String(talepId);
  if (subscribed) blocks.push(actions('talep_subscribers', [button(m.t('extras.unsubscribeMeButton'), ExtrasIds.unsubscribe, id)]));
  else if (!data.viewerIsSubmitter) blocks.push(actions('talep_subscribers', [button(m.t('extras.subscribeMeButton'), ExtrasIds.subscribe, id, 'primary')]));
  blocks.push(context(m.t('extras.subscribersNote')));
  return { text: m.t('extras.subscribersText', { id: talepId, count: subscribers.length }), blocks };
}

/** What subscribing someone else did (`who`: a Slack user id). */
export const subscribedSomeoneNotice = (who: string, subscribed: boolean, talepId: number, m: Messages = english): string =>
  m.t(subscribed ? 'extras.subscribedSomeone' : 'extras.unsubscribedSomeone', { who, id: talepId });
