import { useEffect, useState } from 'react';
import { formatDuration } from '../../ui/formatDateTime';

/** The time from `from` to `to`: a date, or the clock's now (`useNow`) while it lasts. */
export function elapsedText(from: string, to: string | number): string {
  const end = typeof to === 'string' ? Date.parse(to) : to;
  return formatDuration((end - Date.parse(from)) / 1000);
}

/** The clock, ticking once a second: a running service's active duration grows while the page is open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
