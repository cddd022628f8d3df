import { useDocumentTitle } from '@mantine/hooks';
import { useMatches } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { ROUTES, type RouteKey } from '../routes';
import { brandName } from './brand-name';

/** The browser tab shows the current page's title from the route table. */
export function usePageTitle(): void {
  const { instance } = useAuth();
  const matches = useMatches();
  const key = [...matches].reverse().find((match) => (match.handle as { routeKey?: RouteKey } | undefined)?.routeKey)?.handle as
    { routeKey: RouteKey } | undefined;
  const title = key ? ROUTES[key.routeKey].title : 'This page does not exist';
  useDocumentTitle(`${title} · ${brandName(instance)}`);
}
