import dayjs from 'dayjs';

const MISSING = new Set([0, 9e12]);

/** Spec 1 §4/§9: 'YYYY-MM-DD HH:mm'; dates equal to 0 or 9e12 (and missing ones) show n/a. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'n/a';
  const date = dayjs(value);
  if (!date.isValid() || MISSING.has(date.valueOf())) return 'n/a';
  return date.format('YYYY-MM-DD HH:mm');
}

/** Spec 3 §9: a duration in days, hours, minutes and seconds ('1d 2h 03m 04s'), or 'n/a' when negative or unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'n/a';
  const whole = Math.round(seconds);
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (days > 0 || hours > 0) parts.push(`${hours}h`);
  if (parts.length > 0 || minutes > 0) parts.push(`${minutes}m`);
  parts.push(`${rest}s`);
  return parts.join(' ');
}
