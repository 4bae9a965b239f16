/**
 * The help desk's vocabulary in the reader's language: status and standard priority names. The domain
 * decides which status a record has (./domain/status.ts); this only names it, so every screen agrees.
 */
import { priorityName, standardPriorities } from '../../domain/priority.js';
import { statusDisplayName, statusIdOf } from '../../domain/status.js';
import { english, type Messages } from '../../i18n/messages.js';

/** "New" / "Yeni", "In progress" / "Devam Ediyor", "Closed" / "Kapalı"; another status as the server named it. */
export function statusName(record: { Status?: string | null; StatusID?: number | null }, m: Messages = english): string {
  switch (statusIdOf(record)) {
    case 1: return m.t('status.new');
    case 2: return m.t('status.progress');
    case 3: return m.t('status.closed');
    default: return statusDisplayName(record);
  }
}

/** A standard priority in the reader's language; custom levels as the help desk names them. */
export function priorityLabel(id: number, known: readonly { PriorityID: number; Name: string }[] = [], m: Messages = english): string {
  const custom = known.find((row) => row.PriorityID === id);
  if (custom) return custom.Name;
  switch (standardPriorities.find((level) => level.id === id)?.key) {
    case 'low': return m.t('priority.low');
    case 'normal': return m.t('priority.normal');
    case 'high': return m.t('priority.high');
    case 'critical': return m.t('priority.critical');
    default: return m.locale === 'en' ? priorityName(id, known) : m.t('priority.numbered', { id });
  }
}
