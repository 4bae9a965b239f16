/**
 * `/talep stats`: the help desk's counters as compact field blocks. Agents see the whole help desk and
 * their own share; regular users only their own taleps.
 */
import type { Stats } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
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

/** The status names are the domain's (named in the reader's language), so every screen names them alike. */
function statsFields(stats: Stats, withHandledByMe: boolean, m: Messages): Block {
  const items = [
    `*${m.t('stats.total')}*\n${m.number(stats.TotalTaleps)}`,
    `*${m.t('status.new')}*\n${m.number(stats.NewTaleps)}`,
    `*${m.t('status.progress')}*\n${m.number(inProgressCount(stats))}`,
    `*${m.t('status.closed')}*\n${m.number(stats.Closed)}`,
    `*${m.t('stats.unassigned')}*\n${m.number(stats.Unassigned)}`,
  ];
  if (withHandledByMe) items.push(`*${m.t('stats.assignedToYou')}*\n${m.number(stats.HandledByMe)}`);
  return fields(items);
}

const summary = (stats: Stats, m: Messages) =>
  m.t('stats.summary', {
    total: m.number(stats.TotalTaleps),
    new: m.number(stats.NewTaleps),
    newName: m.t('status.new').toLocaleLowerCase(m.locale),
    progress: m.number(inProgressCount(stats)),
    progressName: m.t('status.progress').toLocaleLowerCase(m.locale),
    closed: m.number(stats.Closed),
    closedName: m.t('status.closed').toLocaleLowerCase(m.locale),
  });

export function statsMessage(view: StatsView, m: Messages = english): SlackMessage {
  if (!view.overall) {
    return {
      text: m.t('stats.yourTalepsText', { summary: summary(view.mine, m) }),
      blocks: [section(`:bar_chart: *${m.t('stats.yourTaleps')}*`), statsFields(view.mine, false, m)],
    };
  }
  return {
    text: m.t('stats.overallText', { overall: summary(view.overall, m), mine: summary(view.mine, m) }),
    blocks: [
      section(`:bar_chart: *${m.t('stats.wholeHelpdesk')}*`),
      statsFields(view.overall, true, m),
      section(`:bust_in_silhouette: *${m.t('stats.yours')}*`),
      statsFields(view.mine, true, m),
      context(m.t('stats.yoursNote')),
    ],
  };
}
