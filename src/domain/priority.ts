/**
 * Talep priorities: ONE table of the four standard levels. Help desks may add custom levels (e.g.
 * VIP = 10), which only the Priorities list can name.
 */
import { fail, ok, type Parsed } from './parsed.js';
import { lookupKey } from './text-case.js';

export const PriorityId = { low: -1, normal: 0, high: 1, critical: 2 } as const;
export type PriorityKey = keyof typeof PriorityId;

export const standardPriorities: readonly { key: PriorityKey; id: number; label: string; emoji: string }[] = [
  { key: 'low', id: -1, label: 'Low', emoji: ':small_blue_diamond:' },
  { key: 'normal', id: 0, label: 'Normal', emoji: '' },
  { key: 'high', id: 1, label: 'High', emoji: ':small_orange_diamond:' },
  { key: 'critical', id: 2, label: 'Critical', emoji: ':red_circle:' },
];

export const isStandardPriority = (id: number): boolean => standardPriorities.some((level) => level.id === id);

/** What people type, as `lookupKey` folds it. */
const words: Record<string, PriorityKey> = {
  low: 'low', dusuk: 'low', 'düşük': 'low',
  normal: 'normal', medium: 'normal', orta: 'normal',
  high: 'high', yuksek: 'high', 'yüksek': 'high',
  critical: 'critical', kritik: 'critical',
};

export function parsePriority(text: string): Parsed<PriorityKey> {
  const key = words[lookupKey(text.trim())];
  return key ? ok(key) : fail('parse.priority');
}

/** A priority's name: from the help desk's list when given (custom levels), else the standard name. */
export function priorityName(id: number, known: readonly { PriorityID: number; Name: string }[] = []): string {
  return (
    known.find((row) => row.PriorityID === id)?.Name ??
    standardPriorities.find((level) => level.id === id)?.label ??
    `Priority ${id}`
  );
}

export const priorityEmoji = (id: number): string => standardPriorities.find((level) => level.id === id)?.emoji ?? '';
