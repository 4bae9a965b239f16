/** What a change to a talep did, said above the refreshed card. Pure mrkdwn lines. */
import { priorityName } from '../../domain/priority.js';
import { statusLabel } from '../../domain/status.js';
import { escapeText, slackDate } from '../kit/blocks.js';

export const statusNotice = (talepId: number, statusId: number): string =>
  `:white_check_mark: Status of #${talepId} set to *${statusLabel(statusId) ?? statusId}*.`;

export const priorityNotice = (talepId: number, priority: number): string =>
  `:white_check_mark: Priority of #${talepId} set to *${escapeText(priorityName(priority))}*.`;

export const dueNotice = (talepId: number, due: Date | null): string =>
  due ? `:calendar: Talep #${talepId} is due ${slackDate(due)}.` : `:calendar: Due date of #${talepId} removed.`;

export const closedNotice = (talepId: number, quiet: boolean): string =>
  `:white_check_mark: Talep #${talepId} closed.${quiet ? ' Nobody was notified.' : ''}`;

export const alreadyClosedNotice = (talepId: number): string => `:information_source: Talep #${talepId} is already closed.`;

/** `label`: mrkdwn the caller escaped ("you", "nobody", "<@U1> (ali)"). */
export const assignedNotice = (talepId: number, label: string | undefined): string =>
  label === undefined ? `:white_check_mark: Talep #${talepId} is unassigned.` : `:white_check_mark: Talep #${talepId} is assigned to ${label}.`;
