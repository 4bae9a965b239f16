/**
 * The table of issue 13, from the runs' figures: metric | talep-bot | bare Bolt | ratio | goal | met?
 * Each cell is the median over the runs; a ratio is the median of each run's own ratio (both sides
 * measured in the same run, on the same load), so drift between runs cancels out. Pure.
 */
import { type Figure, medianFigure, round } from './stats.js';

/** One run's figures by key (`ack.help.p99`...); undefined: that figure could not be measured. */
export type RunFigures = Record<string, Figure | undefined>;

export type Unit = 'ms' | 's' | 'MB' | 'count' | 'percent';

export type Goal =
  /** talep-bot ÷ baseline at most `max`. */
  | { kind: 'ratio-at-most'; max: number; text: string }
  /** talep-bot's figure at most `max` (in the row's unit). */
  | { kind: 'at-most'; max: number; text: string }
  /** talep-bot's figure at least `min`. */
  | { kind: 'at-least'; min: number; text: string }
  /** No goal: context for the other rows. */
  | { kind: 'none'; text: string };

export interface RowSpec {
  metric: string;
  bot: string;
  baseline?: string;
  unit: Unit;
  goal: Goal;
}

export interface TableRow {
  metric: string;
  talepBot: Figure | undefined;
  bareBolt: Figure | undefined;
  ratio: number | undefined;
  unit: Unit;
  goal: string;
  met: boolean | undefined;
}

function figuresOf(runs: readonly RunFigures[], key: string): Figure[] {
  return runs.map((run) => run[key]).filter((figure): figure is Figure => figure !== undefined);
}

/** The median of each run's bot ÷ baseline; undefined when no run has both. */
export function medianRatio(runs: readonly RunFigures[], botKey: string, baselineKey: string): number | undefined {
  const ratios = runs.flatMap((run) => {
    const bot = run[botKey];
    const baseline = run[baselineKey];
    return bot && baseline && baseline.value > 0 ? [{ value: bot.value / baseline.value }] : [];
  });
  return medianFigure(ratios)?.value;
}

export function evaluate(goal: Goal, bot: Figure | undefined, ratio: number | undefined): boolean | undefined {
  switch (goal.kind) {
    case 'ratio-at-most':
      return ratio === undefined ? undefined : ratio <= goal.max;
    case 'at-most':
      // A lower bound above the goal is a miss; a lower bound below it says nothing.
      if (!bot) return undefined;
      if (bot.atLeast) return bot.value > goal.max ? false : undefined;
      return bot.value <= goal.max;
    case 'at-least':
      return bot === undefined ? undefined : bot.value >= goal.min;
    case 'none':
      return undefined;
  }
}

export function buildTable(specs: readonly RowSpec[], runs: readonly RunFigures[]): TableRow[] {
  // A row with nothing measured stays in the table ("—"): a figure that could not be taken is news too.
  return specs.map((spec) => {
    const talepBot = medianFigure(figuresOf(runs, spec.bot));
    const bareBolt = spec.baseline ? medianFigure(figuresOf(runs, spec.baseline)) : undefined;
    const ratio = spec.baseline ? medianRatio(runs, spec.bot, spec.baseline) : undefined;
    return { metric: spec.metric, talepBot, bareBolt, ratio, unit: spec.unit, goal: spec.goal.text, met: evaluate(spec.goal, talepBot, ratio) };
  });
}

const grouped = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatFigure(figure: Figure | undefined, unit: Unit): string {
  if (!figure) return '—';
  const prefix = figure.atLeast ? '≥ ' : '';
  const value = figure.value;
  switch (unit) {
    case 'ms':
      return `${prefix}${grouped(value, value < 10 ? 2 : 0)} ms`;
    case 's':
      return `${prefix}${grouped(value / 1000, 1)} s`;
    case 'MB':
      return `${prefix}${grouped(value / (1024 * 1024), 0)} MB`;
    case 'count':
      return `${prefix}${grouped(value, Number.isInteger(value) ? 0 : 1)}`;
    case 'percent':
      return `${prefix}${grouped(value, 1)} %`;
  }
}

export const formatRatio = (ratio: number | undefined): string => (ratio === undefined ? '—' : `${round(ratio, 2).toFixed(2)}×`);

const metText = (met: boolean | undefined) => (met === undefined ? '—' : met ? 'yes' : '**no**');

/** The table as Markdown (what the lead pastes into the issue). */
export function markdownTable(rows: readonly TableRow[]): string {
  const lines = [
    '| metric | talep-bot | bare Bolt | ratio | goal | met? |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) =>
      `| ${[row.metric, formatFigure(row.talepBot, row.unit), formatFigure(row.bareBolt, row.unit), formatRatio(row.ratio), row.goal, metText(row.met)].join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}
