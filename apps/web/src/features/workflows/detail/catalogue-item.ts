import { useQuery } from '@tanstack/react-query';
import type { StacItem } from '@asb/contracts';
import { api } from '../../../app/api/http';
import { formatDateTime } from '../../../ui/formatDateTime';
import { workflowKey } from '../api/keys';

/** The STAC item of a published workflow (GET workflows/{id}/catalogue-item, docs/workflows.md). */
export type CatalogueItem = StacItem;
export type CatalogueAsset = StacItem['assets'][string];

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

/** The thumbnail asset (role or key 'thumbnail'), only when its href begins with http (spec 1 §5). */
export function thumbnailOf(item: CatalogueItem): CatalogueAsset | undefined {
  const assets = Object.entries(item.assets ?? {});
  const found = assets.find(([, asset]) => asset.roles?.includes('thumbnail')) ?? assets.find(([key]) => key === 'thumbnail');
  const asset = found?.[1];
  return asset && typeof asset.href === 'string' && asset.href.startsWith('http') ? asset : undefined;
}

const DATE_KEYS = /(^|_)(created|updated|datetime|recordUpdated)$/;

/** A property value as text: dates formatted, strings as they are, the rest as JSON. */
export function propertyText(key: string, value: unknown): string {
  if (value === null || value === undefined) return 'n/a';
  if (typeof value === 'string') return DATE_KEYS.test(key) && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
