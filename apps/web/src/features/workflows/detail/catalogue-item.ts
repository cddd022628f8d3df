import { useQuery } from '@tanstack/react-query';
import type { StacItem } from '@asb/contracts';
import { api } from '../../../app/api/http';
import { workflowKey } from '../api/keys';

/** The STAC item of a published workflow (GET workflows/{id}/catalogue-item, docs/workflows.md). */
export type CatalogueItem = StacItem;

export function useCatalogueItem(id: string) {
  return useQuery({
    queryKey: [...workflowKey(id), 'catalogue-item'],
    queryFn: async ({ signal }) => {
      return api('GET /knowledge/v1/workflows/{id}/catalogue-item', { params: { id }, signal });
    },
  });
}

/** 'asb:workflows:12' -> '12': the Execute button goes to the last segment of the item id (spec 1 §2). */
export function lastSegment(itemId: string): string {
  const parts = itemId.split(':');
  return parts[parts.length - 1] ?? itemId;
}
