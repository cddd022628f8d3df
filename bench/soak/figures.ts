/** The soak's figures: percentiles, medians, and what "memory stayed flat" means. */

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

const median = (values: number[]): number => percentile(values, 50);

/** Memory samples of one process: [seconds since the soak began, MB]. */
export type RssSeries = [number, number][];

/**
 * Flat: after the warm-up (the first WARM_UP of the series dropped), the median of the last
 * third of the samples is at most GROWTH × the first third's plus SLACK_MB. The slack covers
 * a heap that settles at a slightly higher level once every code path ran (V8 grows its
 * young generation and code space in steps of several MB); a leak grows without bound and
 * crosses it in a long run. Fewer than MIN_SAMPLES samples (a worker restarted late) say nothing.
 */
export const FLAT = { WARM_UP: 0.2, GROWTH: 1.2, SLACK_MB: 30, MIN_SAMPLES: 6 } as const;

export interface Flatness {
  samples: number;
  firstMb: number;
  lastMb: number;
  maxMb: number;
  isFlat: boolean | undefined;
}

export function flatness(series: RssSeries): Flatness {
  const warm = series.slice(Math.max(1, Math.floor(series.length * FLAT.WARM_UP))).map(([, mb]) => mb);
  const third = Math.floor(warm.length / 3);
  const firstMb = median(warm.slice(0, third));
  const lastMb = median(warm.slice(warm.length - third));
  return {
    samples: series.length,
    firstMb,
    lastMb,
    maxMb: Math.max(...series.map(([, mb]) => mb)),
    isFlat: warm.length < FLAT.MIN_SAMPLES ? undefined : lastMb <= firstMb * FLAT.GROWTH + FLAT.SLACK_MB,
  };
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value >= 100 ? 0 : 1)} ms` : 'n/a');
export const mb = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} MB` : 'n/a');
export const seconds = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : 'n/a');
