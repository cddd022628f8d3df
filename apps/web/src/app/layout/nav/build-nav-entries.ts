import type { InstanceLinks } from '@asb/contracts';
import { externalLinks, routeLink, type NavEntry, type NavLinkEntry } from './nav-entries';
import type { RouteKey } from '../../routes';

export interface NavContext {
  isSignedIn: boolean;
  isDeveloper: boolean;
  hasFeature(feature: string): boolean;
  /** the instance's configured addresses (ASB_*_URL); null while the instance details load */
  links: InstanceLinks | null;
}

/**
 * Spec 1 §2 Top navigation: the signed-in entries, each behind its theme feature flag. Spec 1
 * gives /mep/collections no label; spec 3 calls the area 'Collection requests', the name used
 * here, so that it is not read as the Catalogue's 'Catalogue Collections' (docs/decisions.md).
 */
const FEATURE_LINKS: [feature: string, label: string, route: RouteKey][] = [
  ['navbar-processes', 'Processes', 'processes'],
  ['navbar-workflows', 'Workflows', 'workflows'],
  ['navbar-schedules', 'Schedules', 'schedules'],
  ['navbar-executions', 'Executions', 'monitoring'],
  ['navbar-jobs', 'Jobs', 'jobs'],
  ['navbar-mep-collections', 'Collection requests', 'mepCollections'],
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
 * Where this portal serves what the spec's Help and Development menus name: the OGC API -
 * Processes server (docs/ogcapi.md), which makes this portal an ADES for others, and the STAC API
 * of the resource catalogue (docs/catalogue.md), which lists the collections the signed-in user
 * and their workspaces may read (the browser's session cookie signs the page in).
 */
const ADES_API_PATH = '/ogcapi/';
const WORKSPACE_CATALOGUE_PATH = '/resource-catalogue/stac/';

/**
 * Spec 1 §2 Development dropdown: tools of other services, each shown only when its address is
 * configured (docs/configuration.md#links), and the workspace resource catalogue this portal
 * serves itself.
 */
function developmentLinks(links: InstanceLinks | null): NavLinkEntry[] {
  return externalLinks([
    ['Workspace controller', links?.workspace_controller],
    ['Notebook environment', links?.notebook],
    ['Model tracking server', links?.model_tracking],
    ['Workspace resource catalogue', WORKSPACE_CATALOGUE_PATH],
  ]);
}

/**
 * Spec 1 §2 Help dropdown. Documentation is this server's /docs/ and the ADES API its /ogcapi/;
 * video guides and project deliverables are shown when configured.
 */
function helpLinks(links: InstanceLinks | null): NavLinkEntry[] {
  return [
    ...externalLinks([
      ['Documentation', '/docs/'],
      ['ADES API', ADES_API_PATH],
      ['Video guides', links?.video_guides],
      ['Project deliverables', links?.project_deliverables],
    ]),
    routeLink('About', 'index'),
  ];
}

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
      entries.push({ kind: 'menu', label: 'Development', items: developmentLinks(context.links) });
    }
  }
  entries.push({ kind: 'menu', label: 'Help', items: helpLinks(context.links) });
  return entries;
}
