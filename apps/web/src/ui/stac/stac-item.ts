import type { StacItem } from '@asb/contracts';
import { formatDateTime } from '../formatDateTime';

type StacAsset = StacItem['assets'][string];

/** The thumbnail asset (role or key 'thumbnail'), only when its href begins with http (spec 1 §5). */
export function thumbnailOf(item: Pick<StacItem, 'assets'>): StacAsset | undefined {
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

/** When an item was acquired: its datetime, else its start to end datetime ('YYYY-MM-DD HH:mm'). */
export function itemDateText(properties: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : 'n/a');
  if (typeof properties.datetime === 'string') return text(properties.datetime);
  if (typeof properties.start_datetime === 'string' || typeof properties.end_datetime === 'string')
    return `${text(properties.start_datetime)} – ${text(properties.end_datetime)}`;
  return 'n/a';
}
