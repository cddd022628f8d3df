import { routePath, type RouteKey } from '../../routes';

/**
 * One navbar entry: a route of the app, or a page outside it (opened in a new tab). An entry
 * with no address on this instance is not made at all: every entry shown leads somewhere.
 */
export type NavLinkEntry = { kind: 'link'; label: string } & ({ to: string; href?: never } | { href: string; to?: never });

export interface NavMenuEntry {
  kind: 'menu';
  label: string;
  items: NavLinkEntry[];
}

export type NavEntry = NavLinkEntry | NavMenuEntry;

export function routeLink(label: string, key: RouteKey): NavLinkEntry {
  return { kind: 'link', label, to: routePath(key) };
}

/** A link out, or nothing while its address is not configured. */
export function externalLinks(entries: [label: string, href: string | null | undefined][]): NavLinkEntry[] {
  return entries.flatMap(([label, href]) => (href ? [{ kind: 'link' as const, label, href }] : []));
}
