import { MARKETPLACE_PAGE_SIZE, marketplaceFiltersSchema, type FilterOption, type MarketplaceFilters, type MarketplaceResource } from '@asb/contracts';
import type { Db } from '../../platform/db/client.js';
import { detailError } from '../../platform/http/errors.js';
import { applyFilters, filterOptions, type DateRange } from './marketplace-facets.js';
import { itemResource, workflowResource } from './marketplace-resources.js';
import { MarketplaceRepository, tsqueryText } from './marketplace.repository.js';

export interface ResourceQuery {
  query?: string;
  /** JSON text of MarketplaceFilters */
  filters?: string;
  dates: DateRange;
  limit?: number;
  offset?: number;
}

export interface ResourcePage {
  resources: MarketplaceResource[];
  collections: { identifier: string; title: string; publisher: string }[];
  total: number;
}

/** The `filters` query parameter: a JSON object of facet key → checked values, else a 400. */
function parseFilters(text: string | undefined): MarketplaceFilters {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw detailError(400, 'filters must be a JSON object of facet keys to lists of values, e.g. {"type":["model"]}.');
  }
  const result = marketplaceFiltersSchema.safeParse(parsed);
  if (!result.success) throw detailError(400, 'filters must be a JSON object of facet keys to lists of values, e.g. {"type":["model"]}.');
  return result.data;
}

/** The marketplace: search, facets and paging over what is published (docs/marketplace.md). */
export class MarketplaceService {
  private readonly repository: MarketplaceRepository;

  constructor(db: Db) {
    this.repository = new MarketplaceRepository(db);
  }

  /** The published resources matching the words (best match first; without words newest first). */
  private async matching(query: string | undefined, titles = new Map<string, string>()): Promise<MarketplaceResource[]> {
    const tsquery = tsqueryText(query);
    const [workflows, items] = await Promise.all([this.repository.workflows(tsquery), this.repository.items(tsquery)]);
    for (const { source } of items) if (source.collectionTitle) titles.set(source.collectionId, source.collectionTitle);
    const ranked = [
      ...workflows.map(({ source, rank }) => ({ resource: workflowResource(source), rank })),
      ...items.map(({ source, rank }) => ({ resource: itemResource(source), rank })),
    ];
    ranked.sort((a, b) => b.rank - a.rank || b.resource.date_creation.localeCompare(a.resource.date_creation) || a.resource.id.localeCompare(b.resource.id));
    return ranked.map(({ resource }) => resource);
  }

  async search(request: ResourceQuery): Promise<ResourcePage> {
    const filters = parseFilters(request.filters);
    if (request.dates.after && request.dates.before && request.dates.after > request.dates.before)
      throw detailError(400, 'created_after must not be later than created_before.');
    const titles = new Map<string, string>();
    const matched = applyFilters(await this.matching(request.query, titles), filters, request.dates);
    const offset = request.offset ?? 0;
    const resources = matched.slice(offset, offset + (request.limit ?? MARKETPLACE_PAGE_SIZE));
    const collections = new Map<string, { identifier: string; title: string; publisher: string }>();
    for (const resource of resources)
      if (!collections.has(resource.collection))
        collections.set(resource.collection, {
          identifier: resource.collection,
          title: titles.get(resource.collection) ?? resource.collection,
          publisher: resource.publisher,
        });
    return { resources, collections: [...collections.values()], total: matched.length };
  }

  /** The facets over everything published. */
  async filterTypes(): Promise<FilterOption[]> {
    return filterOptions(await this.matching(undefined));
  }
}
