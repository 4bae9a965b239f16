/**
 * `/talep stats`: the help desk's counters as compact field blocks. Agents see the whole help desk and
 * their own share; regular users only their own taleps.
 */
import type { Stats } from '../../api/schemas.js';
import { StatusId, statusLabel } from '../../domain/status.js';
import { type Block, context, fields, section, type SlackMessage } from '../kit/blocks.js';

export interface StatsView {
  /** `GET /Stats` for everything the caller can see (agents only). */
  overall?: Stats;
  /** `GET /Stats?forCurrentUser=true`: taleps the caller submitted or handles. */
  mine: Stats;
}

/**
 * The spec names three statuses and counts two of them; the rest of the total is what is being worked
 * on. A help desk with extra statuses would count those here too, which still reads right ("not new,
 * not closed").
 */
export function inProgressCount(stats: Stats): number {
  return Math.max(0, stats.TotalTaleps - stats.NewTaleps - stats.Closed);
}

/** The status names are the domain's, so every screen names them alike. */
const NEW = statusLabel(StatusId.new) as string;
const IN_PROGRESS = statusLabel(StatusId.progress) as string;
const CLOSED = statusLabel(StatusId.closed) as string;

function statsFields(stats: Stats, withHandledByMe: boolean): Block {
  const items = [
    `*Total*\n${stats.TotalTaleps}`,
    `*${NEW}*\n${stats.NewTaleps}`,
    `*${IN_PROGRESS}*\n${inProgressCount(stats)}`,
    `*${CLOSED}*\n${stats.Closed}`,
    `*Open and unassigned*\n${stats.Unassigned}`,
  ];
  if (withHandledByMe) items.push(`*Assigned to you*\n${stats.HandledByMe}`);
  return fields(items);
}

const summary = (stats: Stats) =>
  `${stats.TotalTaleps} total, ${stats.NewTaleps} ${NEW.toLowerCase()}, ${inProgressCount(stats)} ${IN_PROGRESS.toLowerCase()}, ` +
  `${stats.Closed} ${CLOSED.toLowerCase()}`;

export function statsMessage(view: StatsView): SlackMessage {
  if (!view.overall) {
    return {
      text: `Your taleps: ${summary(view.mine)}.`,
      blocks: [section(':bar_chart: *Your taleps*'), statsFields(view.mine, false)],
    };
  }
  return {
    text: `Help desk: ${summary(view.overall)}. Yours: ${summary(view.mine)}.`,
    blocks: [
      section(':bar_chart: *Whole help desk*'),
      statsFields(view.overall, true),
      section(':bust_in_silhouette: *Yours*'),
      statsFields(view.mine, true),
      context('_Yours_ counts taleps you submitted or are assigned to.'),
    ],
  };
}
