import { NOT_SPECIFIED, type FilterOption, type MarketplaceResource } from '@asb/contracts';
import { filterKeywords } from './marketplace-resources.js';

/**
 * The marketplace's facets (spec 3 §5 Marketplace search; docs/marketplace.md):
 * - `type` (static): application, workflow, model, dataset;
 * - `licence` (properties): the `FILTER:licence:{name}` keywords, else the resource's licence
 *   (an SPDX licence page's address named by its identifier), else 'Not specified';
 * - every other `FILTER:{key}:{value}` keyword (keyword), `input-type` among them; a resource
 *   without one has 'Not specified' for it.
 * A facet is offered only with more than one value. Within a facet the checked values are
 * alternatives; the facets all apply (the SQL in marketplace.repository.ts).
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

/** A resource's values by facet: type and licence always, the keyword facets it has. */
export function facetValues(resource: MarketplaceResource): Record<string, string[]> {
  const keywords = filterKeywords(resource.keywords);
  const values: Record<string, string[]> = {};
  for (const [key, found] of keywords) if (key !== TYPE_KEY) values[key] = [...new Set(found)];
  values[TYPE_KEY] = [resource.properties.type];
  values[LICENCE_KEY] ??= [resource.licence ? licenceName(resource.licence) : NOT_SPECIFIED];
  return values;
}

/** What the facets are made of: every (key, value) pair found, how many resources have each key, how many there are. */
export interface FacetCounts {
  pairs: { key: string; value: string }[];
  resourcesWithKey: Map<string, number>;
  total: number;
}

/** The facets to offer: type, licence, then the keyword facets by key; 'Not specified' last; each with more than one value. */
export function filterOptions({ pairs, resourcesWithKey, total }: FacetCounts): FilterOption[] {
  const seen = new Map<string, Set<string>>([
    [TYPE_KEY, new Set()],
    [LICENCE_KEY, new Set()],
  ]);
  for (const { key, value } of [...pairs].sort((a, b) => a.key.localeCompare(b.key))) {
    if (!seen.has(key)) seen.set(key, new Set());
    seen.get(key)!.add(value);
  }
  for (const [key, values] of seen) if ((resourcesWithKey.get(key) ?? 0) < total) values.add(NOT_SPECIFIED);
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
