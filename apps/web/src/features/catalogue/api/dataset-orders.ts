import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/http';

const STAC = '/backend/catalogue/stac';
const ORDERS_KEY = [STAC, 'dataset-orders'] as const;
/** While an order copies, its progress is read at this interval. */
const ORDER_POLL_MS = 2000;

/** Spec 3 §7: GET collections/{c}/datasets/{d}/orders (answer in a data array): the caller's orders of the dataset. */
export function useDatasetOrders(collection: string, datasetId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...ORDERS_KEY, collection, datasetId],
    queryFn: ({ signal }) => api(`GET ${STAC}/collections/{c}/datasets/{d}/orders`, { params: { c: collection, d: datasetId }, signal }),
    select: (answer) => answer.data,
    enabled: isEnabled,
    refetchInterval: (query) => (query.state.data?.data.some((order) => order.status === 'running') ? ORDER_POLL_MS : false),
  });
}

/** Spec 3 §7: GET collections/{c}/datasets/{d}/order: the order starts copying; the orders are read again. */
export function useOrderDataset(collection: string, datasetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`GET ${STAC}/collections/{c}/datasets/{d}/order`, { params: { c: collection, d: datasetId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/** Spec 3 §7: GET datasets/usage (answer in data): the caller's orders as usage records. */
export function useDatasetUsage() {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'usage'],
    queryFn: ({ signal }) => api(`GET ${STAC}/datasets/usage`, { signal }),
    select: (answer) => answer.data,
  });
}
