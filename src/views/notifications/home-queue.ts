/**
 * The App Home work queue, shown under the link on the Home tab: counts at the top, then my open
 * taleps and (agents) assigned to me, unassigned in my categories, due soon and overdue, each row with
 * Show / Assign to me / Close; then the notification settings. Pure; paged so the whole tab stays
 * far under Slack's 100 blocks. In the person's language (`m`); due dates as Slack shows them to the
 * reader, with the distance from `now` in words.
 */
import type { types } from '@slack/bolt';
import { priorityEmoji } from '../../domain/priority.js';
import { talepUrl } from '../../domain/talep-link.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, confirm, context, divider, escapeText, fields, header, option, plain, section, slackDate, truncate } from '../kit/blocks.js';
import { SharedActions } from '../kit/shared-actions.js';
import { statusName } from '../kit/words.js';
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

/** A section's title in the reader's language. */
export function queueSectionTitle(key: QueueSectionKey, m: Messages = english): string {
  switch (key) {
    case 'overdue': return m.t('homeQueue.overdue');
    case 'dueSoon': return m.t('homeQueue.dueSoon');
    case 'assigned': return m.t('homeQueue.assigned');
    case 'unassigned': return m.t('homeQueue.unassigned');
    case 'mine': return m.t('homeQueue.mine');
  }
}

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
  /** Due dates are said relative to it ("in 3 hours"). */
  now: Date;
}

export const QUEUE_PAGE_SIZE = 10;

/** The quiet-hours choices; `label` undefined: "No quiet hours" in the reader's language. */
export const QUIET_CHOICES: readonly { value: string; label?: string; hours?: { from: number; to: number } }[] = [
  { value: 'off' },
  { value: '18-8', label: '18:00–08:00', hours: { from: 18, to: 8 } },
  { value: '20-8', label: '20:00–08:00', hours: { from: 20, to: 8 } },
  { value: '22-7', label: '22:00–07:00', hours: { from: 22, to: 7 } },
];

const KINDS: readonly (keyof QueueSettings['kinds'])[] = ['assigned', 'comment', 'status', 'due'];

function kindLabel(kind: keyof QueueSettings['kinds'], m: Messages): string {
  switch (kind) {
    case 'assigned': return m.t('homeQueue.assignedOption');
    case 'comment': return m.t('homeQueue.commentOption');
    case 'status': return m.t('homeQueue.statusOption');
    case 'due': return m.t('homeQueue.dueOption');
  }
}

function rowBlocks(row: QueueRow, data: WorkQueueData, key: QueueSectionKey, index: number, m: Messages): Block[] {
  const url = talepUrl(row, data.talepUrlTemplate);
  const bits = [
    row.Status || row.StatusID ? statusName(row, m) : undefined,
    row.Priority !== undefined ? priorityEmoji(row.Priority) || undefined : undefined,
    row.DueDate ? m.t('homeQueue.due', { date: slackDate(row.DueDate), relative: m.relative(row.DueDate, data.now) }) : undefined,
  ].filter(Boolean);
  const buttons: types.Button[] = [button(m.t('homeQueue.showButton'), SharedActions.showTalep, String(row.TalepID))];
  if (data.isAgent && row.AssigneeID !== data.helpdeskUserId) buttons.push(button(m.t('homeQueue.assignToMeButton'), data.rowActions.assignToMe, String(row.TalepID)));
  buttons.push(
    button(m.t('homeQueue.closeButton'), data.rowActions.close, String(row.TalepID), undefined, {
      confirm: confirm(m.t('homeQueue.closeTitle'), m.t('homeQueue.closeQuestion', { id: row.TalepID }), m.t('homeQueue.closeConfirm'), undefined, m.t('kit.cancel')),
    }),
  );
  return [
    section(`<${url}|#${row.TalepID}> ${escapeText(truncate(row.Subject, 150))}${bits.length ? `\n${bits.join(' · ')}` : ''}`),
    actions(`notify_q_${key}_${index}`, buttons),
  ];
}

export function workQueueBlocks(data: WorkQueueData, m: Messages = english): Block[] {
  const keys = ORDER.filter((key) => data.sections[key] !== undefined && (data.isAgent || key === 'mine'));
  const counts = keys.map((key) => `*${queueSectionTitle(key, m)}*\n${m.number(data.sections[key]?.length ?? 0)}`);
  const blocks: Block[] = [divider(), header(m.t('homeQueue.header'))];
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
      blocks.push(context(`*${queueSectionTitle(key, m)}*`));
    }
    blocks.push(...rowBlocks(row, data, key, page * QUEUE_PAGE_SIZE + index, m));
  });
  if (all.length === 0 && !data.problem) blocks.push(context(m.t('homeQueue.empty')));
  if (pages > 1) {
    const nav: types.Button[] = [];
    if (page > 0) nav.push(button(m.t('homeQueue.previousButton'), `${NotifyIds.page}_prev`, String(page - 1)));
    if (page < pages - 1) nav.push(button(m.t('homeQueue.nextButton'), `${NotifyIds.page}_next`, String(page + 1)));
    blocks.push(context(m.t('homeQueue.page', { page: page + 1, pages })), actions('notify_q_paging', nav));
  }
  blocks.push(...settingsBlocks(data.settings, m));
  return blocks;
}

function settingsBlocks(settings: QueueSettings, m: Messages): Block[] {
  const kindOptions = KINDS.map((kind) => option(kindLabel(kind, m), kind));
  const checked = kindOptions.filter((choice) => settings.kinds[choice.value as keyof QueueSettings['kinds']]);
  const quiet = QUIET_CHOICES.find((choice) => choice.hours?.from === settings.quietHours?.from && choice.hours?.to === settings.quietHours?.to) ?? QUIET_CHOICES[0]!;
  const quietOptions = QUIET_CHOICES.map((choice) => option(choice.label ?? m.t('homeQueue.noQuietOption'), choice.value));
  const digestOption = option(m.t('homeQueue.digestOption'), 'digest');
  return [
    divider(),
    header(m.t('homeQueue.settingsHeader')),
    section(m.t('homeQueue.kindsLabel'), {
      type: 'checkboxes',
      action_id: NotifyIds.kinds,
      options: kindOptions,
      ...(checked.length ? { initial_options: checked } : {}),
    }),
    section(m.t('homeQueue.quietLabel'), {
      type: 'static_select',
      action_id: NotifyIds.quietHours,
      placeholder: plain(m.t('homeQueue.quietPlaceholder')),
      options: quietOptions,
      initial_option: quietOptions.find((choice) => choice.value === quiet.value)!,
    }),
    section(m.t('homeQueue.digestLabel'), {
      type: 'checkboxes',
      action_id: NotifyIds.digestOnly,
      options: [digestOption],
      ...(settings.digestOnly ? { initial_options: [digestOption] } : {}),
    }),
  ];
}
