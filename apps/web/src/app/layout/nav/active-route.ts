import type { NavEntry } from './nav-entries';

/**
 * The route target to highlight for `pathname`: the longest one that matches, so
 * /monitoring/applications highlights Applications rather than Executions.
 */
export function activeTarget(pathname: string, entries: NavEntry[]): string | undefined {
  const targets = entries.flatMap((entry) => (entry.kind === 'menu' ? entry.items : [entry])).flatMap((item) => (item.to ? [item.to] : []));
  return targets.filter((to) => to !== '/' && (pathname === to || pathname.startsWith(`${to}/`))).sort((a, b) => b.length - a.length)[0];
}
