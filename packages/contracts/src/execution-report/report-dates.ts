/**
 * The dates and durations of the execution report (spec 1 §2 display rules), shared by the
 * web report page and the server's PDF so that both show the same values
 * (docs/execution-report.md).
 */

/** What a value the report cannot show reads as (spec 1 §2 display rules). */
export const NOT_AVAILABLE = 'n/a';

/** Dates equal to these (ms since the epoch) are placeholders of the engine, not dates: they show n/a (spec 1 §2). */
export const PLACEHOLDER_DATES_MS: readonly number[] = [0, 9e12];

/** A date as the API gives it: an ISO string, ms since the epoch (number or numeric string), or nothing. */
export type ReportDateInput = string | number | Date | null | undefined;

const NUMERIC = /^-?\d+(\.\d+)?$/;
// an ISO date-time without an offset: taken as UTC (JavaScript would take it as local time)
const ISO_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The date's ms since the epoch, or undefined when it shows n/a: missing, unparsable,
 * or one of PLACEHOLDER_DATES_MS. The timeline and durations use it, so they agree
 * with formatReportDate about which dates exist.
 */
export function reportDateMs(value: ReportDateInput): number | undefined {
  if (value === null || value === undefined) return undefined;
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else {
    const text = value.trim();
    if (!text) return undefined;
    if (NUMERIC.test(text)) ms = Number(text);
    else ms = Date.parse(ISO_WITHOUT_OFFSET.test(text) ? `${text}Z` : text);
  }
  if (!Number.isFinite(ms) || PLACEHOLDER_DATES_MS.includes(ms)) return undefined;
  // beyond ±8.64e15 ms JavaScript has no date
  return Number.isNaN(new Date(ms).getTime()) ? undefined : ms;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The report's date rule: `YYYY-MM-DD HH:mm:ss` in UTC (the report is a record that
 * people in several time zones read, and a PDF has no browser to convert it), 'n/a'
 * for a missing date or 0 / 9e12 (spec 1 §2), however it is given.
 */
export function formatReportDate(value: ReportDateInput): string {
  const ms = reportDateMs(value);
  if (ms === undefined) return NOT_AVAILABLE;
  const date = new Date(ms);
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** Seconds from start to end; undefined when either date shows n/a or the end is before the start (spec 1 §2). */
export function durationSeconds(start: ReportDateInput, end: ReportDateInput): number | undefined {
  const from = reportDateMs(start);
  const to = reportDateMs(end);
  if (from === undefined || to === undefined || to < from) return undefined;
  return (to - from) / 1000;
}

/**
 * A duration as the report reads it: under a minute in seconds with one decimal
 * ('12.3 s'), under an hour in minutes and seconds ('4 min 05 s'), else in hours and
 * minutes ('1 h 02 min'): precise where tasks are short, readable where runs are long.
 * Negative, missing or not-finite values show 'n/a'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  const tenths = Math.round(seconds * 10) / 10;
  if (tenths < 60) return `${tenths.toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${pad(whole % 60)} s`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`;
}

/** formatDuration of the time between two dates: 'n/a' when either is n/a or the end is before the start. */
export function formatReportDuration(start: ReportDateInput, end: ReportDateInput): string {
  return formatDuration(durationSeconds(start, end));
}
