/** A talep's subscribers as a message, with Subscribe me / Unsubscribe me. Pure: data → Block Kit JSON. */
import type { UserListItem } from '../../api/schemas.js';
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

export const onlyAgentsSubscribeOthersText =
  ':no_entry: Only agents can subscribe or unsubscribe someone else. `/talep subscribe <id>` subscribes you.';

export function subscribersMessage(data: SubscribersData, notice?: string): SlackMessage {
  const { talepId, subscribers } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  if (subscribers.length === 0) {
    blocks.push(section(`:bell: Nobody is subscribed to talep #${talepId}.`));
  } else {
    const lines = subscribers.slice(0, 50).map(personLine);
    const more = subscribers.length > lines.length ? `\n…and ${subscribers.length - lines.length} more.` : '';
    blocks.push(section(`:bell: *Subscribers of talep #${talepId}* (${subscribers.length})\n${lines.join('\n')}${more}`));
  }
  const subscribed = subscribers.some((user) => user.UserID === data.viewerId);
  const id = String(talepId);
  if (subscribed) blocks.push(actions('talep_subscribers', [button('Unsubscribe me', ExtrasIds.unsubscribe, id)]));
  else if (!data.viewerIsSubmitter) blocks.push(actions('talep_subscribers', [button('Subscribe me', ExtrasIds.subscribe, id, 'primary')]));
  blocks.push(context('Subscribers get the help desk’s e-mails about the talep (new comments, closing).'));
  return { text: `Subscribers of talep #${talepId}: ${subscribers.length}`, blocks };
}

/** What subscribing someone else did (`who`: a Slack user id). */
export const subscribedSomeoneNotice = (who: string, subscribed: boolean, talepId: number): string =>
  `:bell: <@${who}> is ${subscribed ? 'now subscribed to' : 'no longer subscribed to'} #${talepId}.`;
