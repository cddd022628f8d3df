import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../ui/PageLoader';
import { RequireAuth } from './auth/RequireAuth';
import { ROUTES, type RouteKey } from './routes';

/** A page's own module (one file, not a feature's barrel): it loads when the page is visited. */
export type PageModule = () => Promise<Record<string, unknown>>;

async function pageComponent(load: PageModule, exportName: string): Promise<ComponentType> {
  return (await load())[exportName] as ComponentType;
}

/**
 * A route that loads its page on its own (route-level code splitting, docs/architecture.md
 * "What a browser downloads"). A guarded page's module loads only once the guard lets the
 * visitor in: a signed-out deep link downloads the sign-in page, never the page it guards.
 */
export function pageRoute(key: RouteKey, load: PageModule, exportName: string): RouteObject {
  const entry = ROUTES[key];
  const route = { path: entry.path, handle: { routeKey: key } };
  if ('isPublic' in entry && entry.isPublic) return { ...route, lazy: async () => ({ Component: await pageComponent(load, exportName) }) };
  return { ...route, Component: guarded(entry.title, load, exportName) };
}

/** The route guard in front of a page loaded with React.lazy (spec 1 §2 Route guard). */
export function guarded(title: string, load: PageModule, exportName: string): ComponentType {
  const Page = lazy(async () => ({ default: await pageComponent(load, exportName) }));
  return function GuardedPage() {
    return (
      <RequireAuth title={title}>
        <Suspense fallback={<PageLoader />}>
          <Page />
        </Suspense>
      </RequireAuth>
    );
  };
}
