import type { StacItem } from '@asb/contracts';
import { Group, Select, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Stretch } from '../../../ui/map/map-preview';
import { RasterPreviewMap } from '../../../ui/map/RasterPreviewMap';
import { previewChoices } from './preview-choices';

const PREVIEW_HEIGHT = 360;

/** A COG asset of the item on a map through /cog/* (spec 1 §7 Map preview), with the band and stretch chosen. */
export function AssetPreview({ item }: { item: StacItem }) {
  const [bandCounts, setBandCounts] = useState<Record<string, number>>({});
  const choices = previewChoices(item, bandCounts);
  const [chosen, setChosen] = useState<string | null>(null);
  const [stretch, setStretch] = useState<Stretch>('min-max');
  const choice = choices.find((candidate) => candidate.value === chosen) ?? choices[0];
  if (!choice) return <Text c="dimmed">This product has no GeoTIFF asset to preview.</Text>;
  const assetKey = choice.value.split(':')[0] ?? choice.value;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="md">
        <Select label="Band" data={choices} value={choice.value} onChange={setChosen} allowDeselect={false} w={360} />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Stretch
          </Text>
          <SegmentedControl
            aria-label="Stretch"
            value={stretch}
            onChange={(value) => setStretch(value as Stretch)}
            data={[
              { value: 'min-max', label: 'Min to max' },
              { value: 'percentiles', label: 'Percentiles 2 to 98' },
            ]}
          />
        </div>
      </Group>
      <RasterPreviewMap
        url={choice.href}
        options={{ bands: choice.bands, stretch }}
        height={PREVIEW_HEIGHT}
        onLoaded={(layer) => {
          if (bandCounts[assetKey] !== layer.bandCount) setBandCounts((current) => ({ ...current, [assetKey]: layer.bandCount }));
        }}
      />
    </Stack>
  );
}
