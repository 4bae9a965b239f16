/**
 * When something should happen, as people type it: ONE grammar for due dates and reminders.
 *
 *   today · tomorrow · +3d · +2w        a day: the anchor decides the time of day
 *   +2h · +30m                          from now
 *   17:00                               today at that time, or tomorrow if it has passed
 *   2026-12-01                          a day (anchored)
 *   2026-12-01 17:00 · …T17:00+03:00    a moment (an offset or Z wins over the person's zone)
 *
 * Days and times are the person's own (`tzOffsetSeconds` from their Slack profile). The anchor is
 * explicit because the same words mean different moments: "due tomorrow" is the END of tomorrow, while
 * "remind me tomorrow" is tomorrow MORNING. Results are UTC instants.
 */
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { fail, ok, type Parsed } from './parsed.js';

/** The time of day a day-only answer stands for. */
export type DayAnchor = 'end-of-day' | { hour: number; minute?: number };

export const DUE_ANCHOR: DayAnchor = 'end-of-day';
export const REMINDER_ANCHOR: DayAnchor = { hour: 9 };

export interface WhenOptions {
  now: Date;
  /** Seconds east of UTC. */
  tzOffsetSeconds: number;
  anchor: DayAnchor;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const WHEN_EXAMPLES = '`today`, `tomorrow`, `+3d`, `+2h`, `17:00`, `2026-12-01` or `2026-12-01 17:00`';

/** The moment `text` names, or why it names none. */
export function parseWhen(text: string, options: WhenOptions): Parsed<Date> {
  const value = text.trim().toLowerCase();
  const offsetMs = options.tzOffsetSeconds * 1000;
  // A "wall clock" Date whose UTC fields are the person's local fields; shifted back at the end.
  const localNow = new Date(options.now.getTime() + offsetMs);
  const atAnchor = (localDay: Date) => new Date(anchored(localDay, options.anchor).getTime() - offsetMs);

  if (value === 'today') return ok(atAnchor(localNow));
  if (value === 'tomorrow') return ok(atAnchor(new Date(localNow.getTime() + DAY_MS)));
  const relativeDays = /^\+(\d{1,3})\s*([dw])$/.exec(value);
  if (relativeDays) {
    const days = Number(relativeDays[1]) * (relativeDays[2] === 'w' ? 7 : 1);
    return ok(atAnchor(new Date(localNow.getTime() + days * DAY_MS)));
  }
  const relativeTime = /^\+(\d{1,4})\s*([hm])$/.exec(value);
  if (relativeTime) {
    const minutes = Number(relativeTime[1]) * (relativeTime[2] === 'h' ? 60 : 1);
    return ok(new Date(options.now.getTime() + minutes * MINUTE_MS));
  }
  const clock = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (clock) {
    const [hour, minute] = [Number(clock[1]), Number(clock[2])];
    if (hour > 23 || minute > 59) return fail('parse.notTimeOfDay', { text: text.trim() });
    let local = Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate(), hour, minute);
    if (local <= localNow.getTime()) local += DAY_MS;
    return ok(new Date(local - offsetMs));
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = parseISO(`${value}T00:00:00Z`);
    return isValid(day) ? ok(atAnchor(day)) : fail('parse.notCalendarDate', { text: text.trim() });
  }
  const dateTime = /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (dateTime) {
    const [y, mo, d, h, mi] = dateTime.slice(1, 6).map(Number) as [number, number, number, number, number];
    const instant = dateTime[6]
      ? parseISO(value.replace(' ', 'T').toUpperCase())
      : new Date(Date.UTC(y, mo - 1, d, h, mi) - offsetMs);
    const roundTrips = dateTime[6] || new Date(instant.getTime() + offsetMs).getUTCDate() === d;
    return isValid(instant) && roundTrips ? ok(instant) : fail('parse.notDateTime', { text: text.trim() });
  }
  return fail('parse.when');
}

/** A due date: anything `parseWhen` reads (day-only forms mean the end of that day), or `none` to clear it. */
export function parseDueDate(text: string, now: Date, tzOffsetSeconds = 0): Parsed<Date | null> {
  if (['none', 'clear', 'remove', '-'].includes(text.trim().toLowerCase())) return ok(null);
  return parseWhen(text, { now, tzOffsetSeconds, anchor: DUE_ANCHOR });
}

/** A reminder's moment: day-only forms mean 09:00 that day; it must lie in the future. */
export function parseReminderTime(text: string, now: Date, tzOffsetSeconds = 0): Parsed<Date> {
  const when = parseWhen(text, { now, tzOffsetSeconds, anchor: REMINDER_ANCHOR });
  if (!when.ok) return when;
  return when.value.getTime() > now.getTime() ? when : fail('parse.alreadyPassed', { text: text.trim() });
}

function anchored(localDay: Date, anchor: DayAnchor): Date {
  const [y, m, d] = [localDay.getUTCFullYear(), localDay.getUTCMonth(), localDay.getUTCDate()];
  return anchor === 'end-of-day'
    ? new Date(Date.UTC(y, m, d, 23, 59, 59, 999))
    : new Date(Date.UTC(y, m, d, anchor.hour, anchor.minute ?? 0));
}
