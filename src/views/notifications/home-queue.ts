/**
 * The App Home work queue, shown under the link on the Home tab: counts at the top, then my open
 * taleps and (agents) assigned to me, unassigned in my categories, due soon and overdue, each row with
 * Show / Assign to me / Close; then the notification settings. Pure; paged so the whole tab stays
 * far under Slack's 100 blocks.
 */
import type { types } from '@slack/bolt';
import { priorityEmoji } from '../../domain/priority.js';
import { statusDisplayName } from '../../domain/status.js';
import { talepUrl } from '../../domain/talep-link.js';
import { actions, type Block, button, confirm, context, divider, escapeText, fields, header, option, plain, section, slackDate, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';
import { NotifyIds } from './ids.js';

export interface QueueRow {
  TalepID: number;
  Subject: string;
  Status?: string | undefined;
  StatusID?: number | undefined;
  Priority?: number | undefined;
  DueDate?: Date | null | undefined;
  AssigneeID?: number | null | undefined;
  Url?: string | undefined;
}

export type QueueSectionKey = 'mine' | 'assigned' | 'unassigned' | 'dueSoon' | 'overdue';

export const queueSectionTitles: Record<QueueSectionKey, string> = {
  overdue: 'Overdue',
  dueSoon: 'Due soon',
  assigned: 'Assigned to me',
  unassigned: 'Unassigned in my categories',
  mine: 'My open taleps',
};

const ORDER: readonly QueueSectionKey[] = ['overdue', 'dueSoon', 'assigned', 'unassigned', 'mine'];

export interface QueueSettings {
  kinds: { assigned: boolean; comment: boolean; status: boolean; due: boolean };
  quietHours?: { from: number; to: number } | undefined;
  digestOnly: boolean;
}

export interface WorkQueueData {
  isAgent: boolean;
  helpdeskUserId: number;
  sections: Partial<Record<QueueSectionKey, readonly QueueRow[]>>;
  /** 0-based. */
  page: number;
  talepUrlTemplate: string;
  /** The talep card's "Assign to me" and "Close" action ids (handled by the talep-work area). */
  rowActions: { assignToMe: string; close: string };
  settings: QueueSettings;
  /** Said when the queue could not be read (help desk down): the rest of the tab still shows. */
  problem?: string | undefined;
}

export const QUEUE_PAGE_SIZE = 10;

export const QUIET_CHOICES: readonly { value: string; label: string; hours?: { from: number; to: number } }[] = [
  { value: 'off', label: 'No quiet hours' },
  { value: '18-8', label: '18:00–08:00', hours: { from: 18, to: 8 } },
  { value: '20-8', label: '20:00–08:00', hours: { from: 20, to: 8 } },
  { value: '22-7', label: '22:00–07:00', hours: { from: 22, to: 7 } },
];

const KIND_LABELS: Record<keyof QueueSettings['kinds'], string> = {
  assigned: 'Assigned to me',
  comment: 'New public comments',
  status: 'Status changes of my taleps',
  due: 'Due soon and overdue',
};

function rowBlocks(row: QueueRow, data: WorkQueueData, key: QueueSectionKey, index: number): Block[] {
  const url = talepUrl(row, data.talepUrlTemplate);
  const bits = [
    row.Status || row.StatusID ? statusDisplayName(row) : undefined,
    row.Priority !== undefined ? priorityEmoji(row.Priority) || undefined : undefined,
    row.DueDate ? `due ${slackDate(row.DueDate)}` : undefined,
  ].filter(Boolean);
  const buttons: types.Button[] = [button('Show', SharedActions.showTalep, String(row.TalepID))];
  if (data.isAgent && row.AssigneeID !== data.helpdeskUserId) buttons.push(button('Assign to me', data.rowActions.assignToMe, String(row.TalepID)));
  buttons.push(
    button('Close', data.rowActions.close, String(row.TalepID), undefined, {
      confirm: confirm('Close talep?', `Close talep #${row.TalepID}?`, 'Close'),
    }),
  );
  return [
    section(`<${url}|#${row.TalepID}> ${escapeText(truncate(row.Subject, 150))}${bits.length ? `\n${bits.join(' · ')}` : ''}`),
    actions(`notify_q_${key}_${index}`, buttons),
  ];
}

export function workQueueBlocks(data: WorkQueueData): Block[] {
  const keys = ORDER.filter((key) => data.sections[key] !== undefined && (data.isAgent || key === 'mine'));
  const counts = keys.map((key) => `*${queueSectionTitles[key]}*\n${data.sections[key]?.length ?? 0}`);
  const blocks: Block[] = [divider(), header('Work queue')];
  if (data.problem) blocks.push(section(`:warning: ${escapeText(data.problem)}`));
  if (counts.length) blocks.push(fields(counts));
  // One flat list of rows across the sections, paged.
  const all = keys.flatMap((key) => (data.sections[key] ?? []).map((row) => ({ key, row })));
  const pages = Math.max(1, Math.ceil(all.length / QUEUE_PAGE_SIZE));
  const page = Math.min(Math.max(0, data.page), pages - 1);
  const shown = all.slice(page * QUEUE_PAGE_SIZE, (page + 1) * QUEUE_PAGE_SIZE);
  let current: QueueSectionKey | undefined;
  shown.forEach(({ key, row }, index) => {
    if (key !== current) {
      current = key;
      blocks.push(context(`*${queueSectionTitles[key]}*`));
    }
    blocks.push(...rowBlocks(row, data, key, page * QUEUE_PAGE_SIZE + index));
  });
  if (all.length === 0 && !data.problem) blocks.push(context('Nothing waiting for you. :tada:'));
  if (pages > 1) {
    const nav: types.Button[] = [];
    if (page > 0) nav.push(button('Previous', `${NotifyIds.page}_prev`, String(page - 1)));
    if (page < pages - 1) nav.push(button('Next', `${NotifyIds.page}_next`, String(page + 1)));
    blocks.push(context(`Page ${page + 1} of ${pages}`), actions('notify_q_paging', nav));
  }
  blocks.push(...settingsBlocks(data.settings));
  return blocks;
}

function settingsBlocks(settings: QueueSettings): Block[] {
  const kindOptions = (Object.keys(KIND_LABELS) as (keyof QueueSettings['kinds'])[]).map((kind) => option(KIND_LABELS[kind], kind));
  const checked = kindOptions.filter((choice) => settings.kinds[choice.value as keyof QueueSettings['kinds']]);
  const quiet = QUIET_CHOICES.find((choice) => choice.hours?.from === settings.quietHours?.from && choice.hours?.to === settings.quietHours?.to) ?? QUIET_CHOICES[0]!;
  const quietOptions = QUIET_CHOICES.map((choice) => option(choice.label, choice.value));
  const digestOption = option('Digest only: one DM a day at 09:00 instead of each change', 'digest');
  return [
    divider(),
    header('Notifications'),
    section('*DM me about*', {
      type: 'checkboxes',
      action_id: NotifyIds.kinds,
      options: kindOptions,
      ...(checked.length ? { initial_options: checked } : {}),
    }),
    section('*Quiet hours* (held and sent as one digest afterwards)', {
      type: 'static_select',
      action_id: NotifyIds.quietHours,
      placeholder: plain('Quiet hours'),
      options: quietOptions,
      initial_option: quietOptions.find((choice) => choice.value === quiet.value)!,
    }),
    section('*Digest*', {
      type: 'checkboxes',
      action_id: NotifyIds.digestOnly,
      options: [digestOption],
      ...(settings.digestOnly ? { initial_options: [digestOption] } : {}),
    }),
  ];
}
