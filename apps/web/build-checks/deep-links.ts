import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { ROUTES, type RouteKey } from '../src/app/routes';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');
const ROUTER = path.join(WEB_ROOT, 'src/app/router.tsx');

export interface RoutePage {
  key: RouteKey;
  isPublic: boolean;
  /** the build manifest's key of the page's module: its source file, relative to apps/web */
  module: string;
}

/**
 * Each page route of `src/app/router.tsx` (`page('key', () => import('…'), 'Export')`) and the
 * module it loads, read from the router's own source so that the budget follows the router
 * (a route pointed at a feature's barrel shows up here) rather than a copy of it.
 */
export function routePages(manifestKeys: ReadonlySet<string>): RoutePage[] {
  const source = readFileSync(ROUTER, 'utf8');
  const pattern = /page\(\s*'(\w+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  return [...source.matchAll(pattern)].map(([, key, specifier]) => {
    const base = path.relative(WEB_ROOT, path.resolve(path.dirname(ROUTER), specifier!));
    const module = [`${base}.tsx`, `${base}.ts`].find((candidate) => manifestKeys.has(candidate));
    if (!module) throw new Error(`the build has no chunk for ${specifier} (route ${key}): build the web app again`);
    const entry = ROUTES[key as RouteKey];
    return { key: key as RouteKey, isPublic: 'isPublic' in entry && entry.isPublic, module };
  });
}

const ROUTE_TABLE = Object.entries(ROUTES).map(([key, entry]) => ({ id: key, path: entry.path }));

/** The route a deep link (`/asb/workflows`) opens, by the route table's own matching. */
export function routeOf(url: string): RouteKey {
  const matches = matchRoutes(ROUTE_TABLE, url, '/asb');
  const key = matches?.at(-1)?.route.id;
  if (!key) throw new Error(`no route matches ${url}`);
  return key as RouteKey;
}
