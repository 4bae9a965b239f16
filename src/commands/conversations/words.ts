/**
 * The words of the conversations area outside an interaction (a message or reaction event, a job):
 * a person's for what only they see, the channel's for what everyone in the thread reads.
 */
import type { webApi } from '@slack/bolt';
import { type Messages, messagesFor } from '../../i18n/messages.js';
import type { Who } from '../../slack/actor.js';
import { personLocale } from '../../slack/locale.js';
import type { Services } from '../../slack/services.js';

export { channelMessages } from '../../slack/locale.js';

/** The language of `who` (their choice, their Slack language, else the workspace default). */
export const personMessages = async (services: Services, client: webApi.WebClient, who: Who): Promise<Messages> =>
  messagesFor((await personLocale({ services, client, who })).locale);
