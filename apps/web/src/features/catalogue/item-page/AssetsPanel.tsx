import type { StacItem } from '@asb/contracts';
import { Badge, Group, Loader, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { DataTable } from '../../../ui/DataTable';
import { Empty } from './Empty';
import { Href } from './Href';
import { isGeoTiffAsset } from './item-rules';

// OpenLayers loads when a GeoTIFF asset is previewed, not with every page that shows an item
const AssetPreview = lazy(() => import('../browser/AssetPreview').then((module) => ({ default: module.AssetPreview })));

/** The item's assets; with `preview`, a COG preview under them when one is a GeoTIFF (the catalogue browser has its own). */
export function AssetsPanel({ item, preview = true }: { item: StacItem; preview?: boolean }) {
  const assets = Object.entries(item.assets ?? {});
  if (assets.length === 0) return <Empty>No assets</Empty>;
  return (
    <Stack gap="md">
      <DataTable
        label="Assets"
        minWidth={560}
        spacing={6}
        rows={assets}
        rowKey={([key]) => key}
        columns={[
          { header: 'Key', render: ([key]) => key },
          { header: 'Title', render: ([, asset]) => asset.title ?? '' },
          { header: 'Type', render: ([, asset]) => asset.type ?? '' },
          {
            header: 'Roles',
            render: ([, asset]) => (
              <Group gap={4}>
                {(asset.roles ?? []).map((role) => (
                  <Badge key={role} size="xs" variant="light" tt="none">
                    {role}
                  </Badge>
                ))}
              </Group>
            ),
          },
          { header: 'Address', render: ([, asset]) => <Href href={asset.href} /> },
        ]}
      />
      {preview && assets.some(([, asset]) => isGeoTiffAsset(asset)) && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the preview" />}>
          <AssetPreview item={item} />
        </Suspense>
      )}
    </Stack>
  );
}
