/**
 * Spec 1 §5 filter syntax: space-separated `name:value` tokens; the remainder
 * without a colon is free-text search.
 */
export interface ParsedFilter {
  search: string;
  filters: Record<string, string>;
}

export function parseFilterText(text: string): ParsedFilter {
  const filters: Record<string, string> = {};
  const words: string[] = [];
  for (const token of text.trim().split(/\s+/)) {
    if (!token) continue;
    const colon = token.indexOf(':');
    if (colon > 0 && colon < token.length - 1) {
      filters[token.slice(0, colon)] = token.slice(colon + 1);
    } else {
      words.push(token);
    }
  }
  return { search: words.join(' '), filters };
}

/** The inverse of parseFilterText, used to show active filters in the filter box. */
export function formatFilterText({ search, filters }: ParsedFilter): string {
  const tokens = Object.entries(filters).map(([name, value]) => `${name}:${value}`);
  if (search) tokens.push(search);
  return tokens.join(' ');
}

export interface ListQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  search?: string;
  filters?: Record<string, string>;
}

/** JSON:API query string of spec 1 §7: page[number], page[size], sort, filter[search], filter[{name}]. */
export function listQueryParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page) params.set('page[number]', String(query.page));
  if (query.pageSize) params.set('page[size]', String(query.pageSize));
  if (query.sort) params.set('sort', query.sort);
  if (query.search) params.set('filter[search]', query.search);
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    params.set(`filter[${name}]`, value);
  }
  return params;
}
