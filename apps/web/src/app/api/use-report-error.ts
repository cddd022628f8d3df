import { useEffect } from 'react';
import { handleError } from './error-handler';

/** Sends a query's failure to the central handler once per failure, labelled by service (spec 2 §8). */
export function useReportError(error: Error | null, errorUpdatedAt: number, service?: string): void {
  useEffect(() => {
    if (error) handleError(error, service);
  }, [error, errorUpdatedAt, service]);
}
