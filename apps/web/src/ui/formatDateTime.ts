import dayjs from 'dayjs';

const MISSING = new Set([0, 9e12]);

/** Spec 1 §4/§9: 'YYYY-MM-DD HH:mm'; dates equal to 0 or 9e12 (and missing ones) show n/a. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'n/a';
  const date = dayjs(value);
  if (!date.isValid() || MISSING.has(date.valueOf())) return 'n/a';
  return date.format('YYYY-MM-DD HH:mm');
}
