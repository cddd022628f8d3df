import { routePath, type RouteKey } from '../../routes';

/** One navbar entry: a route of the app, a full-page link, or an item not configured here. */
export interface NavLinkEntry {
  kind: 'link';
  label: string;
  /** a route of the app (router path) */
  to?: string;
  /** a page outside the app, opened in a new tab */
  href?: string;
  /** set when the link has no target on this instance: shown disabled with this text */
  unavailableReason?: string;
}

export interface NavMenuEntry {
  kind: 'menu';
  label: string;
  items: NavLinkEntry[];
}

export type NavEntry = NavLinkEntry | NavMenuEntry;

const NOT_CONFIGURED = 'Not configured on this instance';

export function routeLink(label: string, key: RouteKey): NavLinkEntry {
  return { kind: 'link', label, to: routePath(key) };
}

export function externalLink(label: string, href: string | null | undefined): NavLinkEntry {
  return href ? { kind: 'link', label, href } : { kind: 'link', label, unavailableReason: NOT_CONFIGURED };
}
