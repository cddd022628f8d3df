import type { ProcessVersionAttributes, ResourceObject } from '@asb/contracts';
import { keepPreviousData, useQueries, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../app/api/http';
import { KNOWLEDGE } from './keys';

/** Queries of the workflow editor: the palette of process versions, their signatures and the data types. */

export type ProcessVersion = ResourceObject<ProcessVersionAttributes>;

/** Keys start like the generic list's ([prefix, type]) so archiving a version refreshes the palette. */
const VERSIONS_KEY = [KNOWLEDGE, 'process-versions'] as const;
const DATA_TYPES_KEY = [KNOWLEDGE, 'data-types'] as const;

export const PALETTE_PAGE_SIZE = 50;

/** Released, not archived process versions the user can see (spec 2: archived versions are hidden in the editor). */
export function usePaletteVersions(search: string) {
  return useQuery({
    queryKey: [...VERSIONS_KEY, 'palette', search],
    queryFn: ({ signal }) =>
      api('GET /knowledge/v1/process-versions', {
        signal,
        jsonApi: true,
        query: {
          'filter[released]': 'true',
          'filter[isArchived]': 'false',
          'filter[search]': search || undefined,
          'page[size]': PALETTE_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

function versionKey(identifier: string) {
  return [...VERSIONS_KEY, 'by-identifier', identifier] as const;
}

/** One released version by identifier `{process}:{value}`, archived or not (a saved node may name an archived one); null when not found. */
async function fetchVersion(identifier: string, signal?: AbortSignal): Promise<ProcessVersion | null> {
  const document = await api('GET /knowledge/v1/process-versions', {
    signal,
    jsonApi: true,
    query: { 'filter[identifier]': identifier, 'filter[released]': 'true', 'page[size]': 1 },
  });
  return document.data[0] ?? null;
}

export interface KnownVersions {
  /** identifier -> version, null when not found */
  versions: ReadonlyMap<string, ProcessVersion | null>;
  /** identifiers still loading */
  pending: ReadonlySet<string>;
}

/** The versions a graph names, each loaded once and cached; the answer changes only when a query does. */
export function useVersionsByIdentifier(identifiers: readonly string[]): KnownVersions {
  const combine = useCallback(
    (results: UseQueryResult<ProcessVersion | null>[]): KnownVersions => {
      const versions = new Map<string, ProcessVersion | null>();
      const pending = new Set<string>();
      identifiers.forEach((identifier, index) => {
        const result = results[index];
        if (!result || result.isPending) pending.add(identifier);
        else if (result.data !== undefined) versions.set(identifier, result.data);
      });
      return { versions, pending };
    },
    [identifiers],
  );
  return useQueries({
    queries: identifiers.map((identifier) => ({
      queryKey: versionKey(identifier),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchVersion(identifier, signal),
      staleTime: 5 * 60_000,
    })),
    combine,
  });
}

/** A version picked in the palette is already known: no need to ask for it again. */
export function primeVersion(client: QueryClient, version: ProcessVersion): void {
  client.setQueryData(versionKey(version.attributes.identifier), version);
}

/** Data types for the narrowing select (spec 1 §3 dataType). */
export function useDataTypes() {
  return useQuery({
    queryKey: [...DATA_TYPES_KEY, 'editor'],
    queryFn: async ({ signal }) => (await api('GET /knowledge/v1/data-types', { signal, jsonApi: true, query: { 'page[size]': 100 } })).data,
    staleTime: 10 * 60_000,
  });
}
