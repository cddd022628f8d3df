/** The bar's sections: pending and running as percentages of the active executions (both 0 when none is). */
export function activeShares({ pending, running }: { pending: number; running: number }): { pending: number; running: number } {
  const total = pending + running;
  if (total === 0) return { pending: 0, running: 0 };
  return { pending: (pending / total) * 100, running: (running / total) * 100 };
}
