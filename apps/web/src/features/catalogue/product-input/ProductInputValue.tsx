import { parseProductInputUrl, PRODUCT_DATA_TYPES } from '@asb/contracts';
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useStacItem } from '../api/catalogue';
import { ProductIdentity } from './ProductIdentity';

// OpenLayers loads only when a report shows a product input
const FootprintMiniMap = lazy(() => import('./FootprintMiniMap').then((module) => ({ default: module.FootprintMiniMap })));

/** A value the report shows as a product: a catalogue product link, or any value of an EO-product input. */
export function isProductValue(value: string, dataType: string): boolean {
  return parseProductInputUrl(value) !== undefined || (PRODUCT_DATA_TYPES.has(dataType) && value.trim() !== '');
}

function LocalProduct({ collection, itemId }: { collection: string; itemId: string }) {
  const item = useStacItem(collection, itemId);
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <ProductIdentity collection={collection} itemId={itemId} item={item} missing="This product is no longer in the catalogue, or not visible to you." />
      {item.data?.geometry && (
        <Suspense fallback={<Loader size="xs" />}>
          <FootprintMiniMap geometry={item.data.geometry} label={`Footprint of ${itemId}`} />
        </Suspense>
      )}
    </Group>
  );
}

/**
 * A product input of the report: the product's id linking to its STAC item, its date and its
 * footprint on a small map. A product of another catalogue (its own URL) links there.
 */
export function ProductInputValue({ value }: { value: string }) {
  const parsed = parseProductInputUrl(value);
  if (parsed?.collectionId && !parsed.origin) return <LocalProduct collection={parsed.collectionId} itemId={parsed.itemId} />;
  const isLink = /^https?:\/\//.test(value.trim());
  const name = parsed?.itemId ?? value.trim().split('/').filter(Boolean).pop() ?? value;
  return isLink ? (
    <Anchor href={value.trim()} target="_blank" rel="noopener noreferrer" ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
      {name}
    </Anchor>
  ) : (
    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {value}
    </Text>
  );
}
