/** The person's pending work, read from the outbox, and cancelling what still waits. */
import { english, type Messages } from '../../i18n/messages.js';
import type { Who } from '../../slack/actor.js';
import { messagesOf } from '../../slack/locale.js';
import type { Interaction } from '../../slack/interaction.js';
import { cancelWork, pendingWorkOf } from '../../slack/outbox.js';
import type { Services } from '../../slack/services.js';
import type { Block, SlackMessage } from '../../views/kit/blocks.js';
import { cancelNotice, MAX_LISTED, pendingHomeBlocks, pendingListMessage } from '../../views/pending/list.js';

export async function pendingList(ix: Interaction, notice?: string): Promise<SlackMessage> {
  return pendingListMessage(await pendingWorkOf(ix.services, ix.who, MAX_LISTED + 1), notice, messagesOf(ix));
}

export async function pendingHomeSection(services: Services, who: Who, m: Messages = english): Promise<Block[]> {
  return pendingHomeBlocks(await pendingWorkOf(services, who), m);
}

/** Cancels the person's own waiting work `jobId`; the one sentence saying what happened. */
export async function cancelPending(ix: Interaction, jobId: string | undefined): Promise<string> {
  if (!jobId) return cancelNotice({ state: 'not-found' }, messagesOf(ix));
  return cancelNotice(await cancelWork(ix, jobId), messagesOf(ix));
}
