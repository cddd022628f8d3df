import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MARKETPLACE_PAGE_SIZE, type MarketplaceFilters } from '@asb/contracts';
import { api } from '../../app/api/http';

export const MARKETPLACE_KEY = ['/backend/v1/marketplace'] as const;

/** What the user asked for: the searched words, the checked facet values, the creation-date range, the page (from 1). */
export interface MarketplaceCriteria {
  query: string;
  filters: MarketplaceFilters;
  createdAfter: string | null;
  createdBefore: string | null;
  page: number;
}

/** GET published_resources (spec 3 §7): the matching resources, the last page kept while the next loads. */
export function usePublishedResources(criteria: MarketplaceCriteria, isEnabled = true) {
  const filters = Object.fromEntries(Object.entries(criteria.filters).filter(([, values]) => values.length > 0));
  return useQuery({
    queryKey: [...MARKETPLACE_KEY, 'resources', criteria],
    queryFn: ({ signal }) =>
      api('GET /backend/v1/catalogue-collections/published_resources', {
        query: {
          query: criteria.query || undefined,
          filters: Object.keys(filters).length > 0 ? JSON.stringify(filters) : undefined,
          created_after: criteria.createdAfter ?? undefined,
          created_before: criteria.createdBefore ?? undefined,
          limit: MARKETPLACE_PAGE_SIZE,
          offset: (criteria.page - 1) * MARKETPLACE_PAGE_SIZE,
        },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** GET resource-filter-types (spec 3 §7): loaded before the marketplace data. */
export function useFilterTypes() {
  return useQuery({
    queryKey: [...MARKETPLACE_KEY, 'filter-types'],
    queryFn: ({ signal }) => api('GET /backend/v1/resource-filter-types', { signal }),
    select: (answer) => answer.data,
  });
}
