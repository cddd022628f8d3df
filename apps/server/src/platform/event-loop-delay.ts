import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The event loop's delay since the last reset, in milliseconds. */
export interface EventLoopDelay {
  maxMs: number;
  meanMs: number;
  p99Ms: number;
  /** how many delays were recorded since the reset */
  samples: number;
  /** when the histogram was last reset (ISO 8601) */
  since: string;
}

// One histogram per process: the event loop is the process's, however many apps a test builds.
// A 10 ms resolution keeps the sampling timer cheap; a stall shows as one long sample.
let histogram: IntervalHistogram | null = null;
let since = new Date();

function started(): IntervalHistogram {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    since = new Date();
  }
  return histogram;
}

const toMs = (nanoseconds: number) => Math.round((Number.isFinite(nanoseconds) ? nanoseconds : 0) / 1e4) / 100;

/** Starts measuring (the server calls it at start; reading starts it too). */
export function watchEventLoopDelay(): void {
  started();
}

/** The delay measured since the start or the last reset. */
export function eventLoopDelay(): EventLoopDelay {
  const measured = started();
  // before the first sample the histogram's min/max are sentinels, not delays
  const hasSamples = measured.count > 0;
  return {
    maxMs: hasSamples ? toMs(measured.max) : 0,
    meanMs: hasSamples ? toMs(measured.mean) : 0,
    p99Ms: hasSamples ? toMs(measured.percentile(99)) : 0,
    samples: measured.count,
    since: since.toISOString(),
  };
}

/**
 * Forgets the samples so far (tests measure one stretch of work). Node's histogram measures a
 * delay between two of its samples, and a reset forgets the last one: a stall before the first
 * sample after a reset is not seen, so wait for `samples > 0` before the work measured.
 */
export function resetEventLoopDelay(): void {
  started().reset();
  since = new Date();
}
