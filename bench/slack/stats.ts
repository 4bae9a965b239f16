/**
 * Order statistics for the Slack benchmark. A figure can be censored: a request that had no answer when
 * the run ended took *at least* the run's length, so a percentile that lands on it is a lower bound
 * (`atLeast`), printed as "≥ …" rather than passed off as a measurement.
 */

export interface Figure {
  value: number;
  /** The true value is this or more (the percentile fell on a request still unanswered at the cut-off). */
  atLeast?: true;
}

/** Nearest-rank percentile (`p` in 0–100) of `values`; undefined for no values. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

/**
 * Percentile over durations where `undefined` means "not done by `cutoff`": those count as `cutoff`
 * and make the result a lower bound when the rank reaches them.
 */
export function censoredPercentile(durations: readonly (number | undefined)[], p: number, cutoff: number): Figure | undefined {
  if (durations.length === 0) return undefined;
  const values = durations.map((duration) => duration ?? Number.POSITIVE_INFINITY);
  const value = percentile(values, p) as number;
  return Number.isFinite(value) ? { value } : { value: cutoff, atLeast: true };
}

/** The median of several runs' figures; a censored median stays censored. */
export function medianFigure(figures: readonly Figure[]): Figure | undefined {
  if (figures.length === 0) return undefined;
  const sorted = [...figures].sort((a, b) => a.value - b.value || Number(a.atLeast ?? false) - Number(b.atLeast ?? false));
  // Lower median for an even count: the benchmark defaults to an odd number of runs.
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export const round = (value: number, digits = 2): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
