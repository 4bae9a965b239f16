/**
 * Delivering an asset card after a modal closed: in place of the card that opened the modal, else in
 * the channel, else as a direct message.
 */
import type { webApi } from '@slack/bolt';
import * as z from 'zod';
import type { SlackMessage } from '../views/kit/blocks.js';
import { postToResponseUrl } from './reply.js';
import type { Services } from '../slack/services.js';

/** Where a modal's result goes: `u` a response_url (the card that opened the modal), `c` a channel. */
export const deliverySchema = z.object({ u: z.url().optional(), c: z.string().optional() });
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * Shows `message` to the user after a modal: replacing the card that opened the modal (when `replace`),
 * else as an ephemeral message in the channel, else in the app's DM. Each step falls back to the next.
 */
export async function deliver(
  services: Services,
  client: webApi.WebClient,
  userId: string,
  to: Delivery,
  message: SlackMessage,
  replace: boolean,
): Promise<void> {
  if (to.u) {
    try {
      return await postToResponseUrl(to.u, { response_type: 'ephemeral', replace_original: replace, ...message });
    } catch (error) {
      services.logger.info(`response_url unusable, falling back: ${String(error)}`);
    }
  }
  if (to.c) {
    try {
      await client.chat.postEphemeral({ channel: to.c, user: userId, ...message });
      return;
    } catch (error) {
      services.logger.info(`ephemeral post to ${to.c} failed, sending a DM: ${String(error)}`);
    }
  }
  await client.chat.postMessage({ channel: userId, ...message });
}
