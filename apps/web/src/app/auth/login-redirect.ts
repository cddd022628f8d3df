import { APP_BASE_PATH } from '@asb/contracts';

/** The router's basename: '/asb'. */
const APP_BASENAME = APP_BASE_PATH.replace(/\/$/, '');

/** Spec 1 §2: the login page's next parameter defaults to the app root. */
const DEFAULT_NEXT = APP_BASE_PATH;

/** A router location (without basename) as a full path of the app: '/profile' -> '/asb/profile'. */
export function appHref(routerPath: string): string {
  return `${APP_BASENAME}${routerPath === '/' ? '/' : routerPath}`;
}

/** Only paths of this host are followed after sign-in, so a crafted link cannot send users elsewhere. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_NEXT;
  return next;
}

/** The router path of an app href ('/asb/profile' -> '/profile'); undefined outside the app. */
export function routerPathOf(href: string): string | undefined {
  if (href === APP_BASENAME) return '/';
  if (!href.startsWith(`${APP_BASENAME}/`)) return undefined;
  return href.slice(APP_BASENAME.length);
}

/** The login route with the wanted app href as next: '/login?next=%2Fasb%2Fprofile'. */
export function loginRoute(wantedHref: string, path = '/login'): string {
  return `${path}?${new URLSearchParams({ next: wantedHref }).toString()}`;
}
