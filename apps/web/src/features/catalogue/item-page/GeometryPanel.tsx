import type { StacItem } from '@asb/contracts';
import { Code, Loader, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Empty } from './Empty';

// OpenLayers loads when a map is drawn, not with every page that shows an item: the workflow
// detail page is a deep link a signed-out visitor opens
const FootprintMiniMap = lazy(() => import('../product-input/FootprintMiniMap').then((module) => ({ default: module.FootprintMiniMap })));

/** The item's footprint on a map, and as GeoJSON. */
export function GeometryPanel({ item }: { item: StacItem }) {
  if (!item.geometry) return <Empty>No geometry</Empty>;
  return (
    <Stack gap="sm">
      <Suspense fallback={<Loader size="sm" aria-label="Loading the map" />}>
        <FootprintMiniMap geometry={item.geometry as Record<string, unknown>} label="The item's geometry on a map" width="100%" height={320} />
      </Suspense>
      <Code block aria-label="Geometry JSON" style={{ maxHeight: 240, overflow: 'auto' }}>
        {JSON.stringify(item.geometry, null, 2)}
      </Code>
    </Stack>
  );
}
