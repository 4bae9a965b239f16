/** The talep card area's short messages. Pure. */
import type { SlackMessage } from '../kit/blocks.js';

export function shareRefusedMessage(talepId: number): SlackMessage {
  return { text: `:no_entry: You can share only your own taleps; talep #${talepId} is someone else's.` };
}

export const sharedNotice = (channelId: string): string => `:mega: Shared in <#${channelId}> (without agents-only comments).`;
