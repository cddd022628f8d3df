const MINUTE_MS = 60_000;

/**
 * How soon a running execution should end, as the list and the report say it ('ends in ~3 min'):
 * rounded to whole minutes, as an estimate is no finer; under a minute, or past the estimate
 * (the browser's clock may be ahead of the server's), 'ends in < 1 min'.
 */
export function endsInText(estimatedEnd: string, nowMs: number): string {
  const minutes = Math.round((Date.parse(estimatedEnd) - nowMs) / MINUTE_MS);
  if (!(minutes >= 1)) return 'ends in < 1 min';
  if (minutes < 60) return `ends in ~${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `ends in ~${hours} h` : `ends in ~${hours} h ${rest} min`;
}
