import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { handleError } from '../../app/api/error-handler';
import type { ListParams, ListSource } from './types';

/** Auto reload refetches at the poll interval of spec 2 §9. */
const AUTO_RELOAD_MS = 5000;

export function useResourceList<A extends object>(source: ListSource<A>, params: ListParams, isAutoReload: boolean) {
  const query = useQuery({
    queryKey: [...source.key, 'list', params],
    queryFn: ({ signal }) => source.list(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: isAutoReload ? AUTO_RELOAD_MS : false,
  });
  // The empty-state text says the fetch failed; the central handler tells why
  // (a plain user on an admin list sees the server's refusal here).
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) handleError(error);
  }, [error, errorUpdatedAt]);
  return query;
}
