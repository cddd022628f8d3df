import { NOT_SPECIFIED, type FilterOption, type MarketplaceFilters, type MarketplaceResource } from '@asb/contracts';
import { filterKeywords } from './marketplace-resources.js';

/**
 * The marketplace's facets and their semantics (spec 3 §5 Marketplace search; docs/marketplace.md):
 * - `type` (static): application, workflow, model, dataset;
 * - `licence` (properties): the `FILTER:licence:{name}` keywords, else the resource's licence
 *   (an SPDX licence page's address named by its identifier);
 * - every other `FILTER:{key}:{value}` keyword (keyword), `input-type` among them;
 * - a resource lacking a value has 'Not specified'; a facet is offered only with more than one
 *   value; within a facet the checked values are alternatives, facets all apply; a facet with
 *   none or all of its values checked imposes nothing.
 */

const TYPE_KEY = 'type';
const LICENCE_KEY = 'licence';
const NAMES: Record<string, string> = { type: 'Type', licence: 'Licence', 'input-type': 'Input type' };
const SPDX_PAGE = /^https?:\/\/spdx\.org\/licenses\/([^/?#]+?)(?:\.html|\.json)?\/?$/i;

/** A licence's name: the SPDX identifier of its SPDX page, an address without its scheme, or the text. */
function licenceName(licence: string): string {
  const spdx = SPDX_PAGE.exec(licence);
  if (spdx) return spdx[1]!;
  return licence.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

function facetName(key: string): string {
  return NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/[-_]/g, ' ');
}

/** Every facet's values of one resource (each at least 'Not specified' for the keyword facets it lacks). */
function valuesOf(resource: MarketplaceResource, keywordKeys: readonly string[]): Map<string, string[]> {
  const keywords = filterKeywords(resource.keywords);
  const values = new Map<string, string[]>();
  values.set(TYPE_KEY, [resource.properties.type]);
  values.set(LICENCE_KEY, keywords.get(LICENCE_KEY) ?? (resource.licence ? [licenceName(resource.licence)] : [NOT_SPECIFIED]));
  for (const key of keywordKeys) values.set(key, keywords.get(key) ?? [NOT_SPECIFIED]);
  return values;
}

function keywordKeysOf(resources: readonly MarketplaceResource[]): string[] {
  const keys = new Set<string>();
  for (const resource of resources) for (const key of filterKeywords(resource.keywords).keys()) if (key !== LICENCE_KEY && key !== TYPE_KEY) keys.add(key);
  return [...keys].sort();
}

/** The facets to offer over these resources: type, licence, then the keyword facets by key; each with more than one value. */
export function filterOptions(resources: readonly MarketplaceResource[]): FilterOption[] {
  const keywordKeys = keywordKeysOf(resources);
  const seen = new Map<string, Set<string>>([[TYPE_KEY, new Set()], [LICENCE_KEY, new Set()], ...keywordKeys.map((key) => [key, new Set<string>()] as const)]);
  for (const resource of resources) for (const [key, values] of valuesOf(resource, keywordKeys)) for (const value of values) seen.get(key)!.add(value);
  const sorted = (values: Set<string>) => [...values].sort((a, b) => (a === NOT_SPECIFIED ? 1 : b === NOT_SPECIFIED ? -1 : a.localeCompare(b)));
  return [...seen]
    .filter(([, values]) => values.size > 1)
    .map(([key, values]) => ({
      key,
      name: facetName(key),
      values: sorted(values),
      type: key === TYPE_KEY ? 'static' : key === LICENCE_KEY ? 'properties' : 'keyword',
    }));
}

export interface DateRange {
  /** YYYY-MM-DD, inclusive */
  after?: string;
  before?: string;
}

/**
 * The resources that pass the checked facets and the creation-date range. Within a facet the
 * checked values are alternatives: a facet with none checked imposes nothing, and one with all
 * of its values checked lets every resource through (each has at least 'Not specified').
 */
export function applyFilters(resources: readonly MarketplaceResource[], filters: MarketplaceFilters, dates: DateRange): MarketplaceResource[] {
  const constraints = Object.entries(filters)
    .map(([key, checked]) => [key.toLowerCase(), new Set(checked)] as const)
    .filter(([, checked]) => checked.size > 0);
  const keywordKeys = constraints.map(([key]) => key).filter((key) => key !== TYPE_KEY && key !== LICENCE_KEY);
  return resources.filter((resource) => {
    const day = resource.date_creation.slice(0, 10);
    if (dates.after && day < dates.after) return false;
    if (dates.before && day > dates.before) return false;
    if (constraints.length === 0) return true;
    const values = valuesOf(resource, keywordKeys);
    return constraints.every(([key, checked]) => (values.get(key) ?? []).some((value) => checked.has(value)));
  });
}
