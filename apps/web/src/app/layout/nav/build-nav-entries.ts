import { externalLink, routeLink, type NavEntry, type NavLinkEntry } from './nav-entries';
import type { RouteKey } from '../../routes';

export interface NavContext {
  isSignedIn: boolean;
  isDeveloper: boolean;
  hasFeature(feature: string): boolean;
}

/** Spec 1 §2 Top navigation: the signed-in entries, each behind its theme feature flag. */
const FEATURE_LINKS: [feature: string, label: string, route: RouteKey][] = [
  ['navbar-processes', 'Processes', 'processes'],
  ['navbar-workflows', 'Workflows', 'workflows'],
  ['navbar-schedules', 'Schedules', 'schedules'],
  ['navbar-executions', 'Executions', 'monitoring'],
  ['navbar-jobs', 'Jobs', 'jobs'],
  ['navbar-mep-collections', 'Collections', 'mepCollections'],
  ['navbar-dashboards', 'Dashboards', 'dashboards'],
];

const CATALOGUE_LINKS: [string, string, RouteKey][] = [
  ['navbar-products', 'Products', 'products'],
  ['navbar-catalogue-collections', 'Catalogue Collections', 'catalogueCollections'],
];

const TRAILING_LINKS: [string, string, RouteKey][] = [
  ['navbar-applications', 'Applications', 'applicationExecutions'],
  ['navbar-models', 'Models', 'modelExecutions'],
];

/**
 * The instance details carry no addresses for these developer tools yet; the
 * entries stay visible (disabled, with a reason) so developers know they exist.
 */
const DEVELOPMENT_LINKS: NavLinkEntry[] = [
  externalLink('Workspace controller', undefined),
  externalLink('Notebook environment', undefined),
  externalLink('Model tracking server', undefined),
  externalLink('Workspace resource catalogue', '/resource-catalogue/'),
];

const HELP_LINKS: NavLinkEntry[] = [
  externalLink('Documentation', '/docs/'),
  externalLink('ADES API', '/api/openapi.json'),
  externalLink('Video guides', undefined),
  externalLink('Project deliverables', undefined),
  routeLink('About', 'index'),
];

function enabled(links: [string, string, RouteKey][], context: NavContext): NavLinkEntry[] {
  return links.filter(([feature]) => context.hasFeature(feature)).map(([, label, route]) => routeLink(label, route));
}

/** The main navigation for the current user, in spec order. */
export function buildNavEntries(context: NavContext): NavEntry[] {
  const entries: NavEntry[] = [routeLink('Marketplace', 'marketplace')];
  if (context.isSignedIn) {
    entries.push(...enabled(FEATURE_LINKS, context));
    const catalogue = enabled(CATALOGUE_LINKS, context);
    if (catalogue.length > 0) entries.push({ kind: 'menu', label: 'Catalogue', items: catalogue });
    entries.push(...enabled(TRAILING_LINKS, context));
    if (context.isDeveloper && context.hasFeature('model-executions')) {
      entries.push({ kind: 'menu', label: 'Development', items: DEVELOPMENT_LINKS });
    }
  }
  entries.push({ kind: 'menu', label: 'Help', items: HELP_LINKS });
  return entries;
}
