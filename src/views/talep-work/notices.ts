/** What a change to a talep did, said above the refreshed card. Pure mrkdwn lines. */
import { english, type Messages } from '../../i18n/messages.js';
import { escapeText, slackDate } from '../kit/blocks.js';
import { priorityLabel, statusName } from '../kit/words.js';

export const statusNotice = (talepId: number, statusId: number, m: Messages = english): string =>
  m.t('work.statusSet', { id: talepId, status: statusName({ StatusID: statusId }, m) });

export const priorityNotice = (talepId: number, priority: number, m: Messages = english): string =>
  m.t('work.prioritySet', { id: talepId, priority: escapeText(priorityLabel(priority, [], m)) });

export const dueNotice = (talepId: number, due: Date | null, m: Messages = english): string =>
  due ? m.t('work.due', { id: talepId, date: slackDate(due) }) : m.t('work.dueRemoved', { id: talepId });

export const closedNotice = (talepId: number, quiet: boolean, m: Messages = english): string =>
  m.t(quiet ? 'work.closedQuiet' : 'work.closed', { id: talepId });

export const alreadyClosedNotice = (talepId: number, m: Messages = english): string => m.t('work.alreadyClosed', { id: talepId });

/** `label`: mrkdwn the caller escaped ("you", "nobody", "<@U1> (ali)"). */
export const assignedNotice = (talepId: number, label: string | undefined, m: Messages = english): string =>
  label === undefined ? m.t('work.unassigned', { id: talepId }) : m.t('work.assigned', { id: talepId, who: label });
