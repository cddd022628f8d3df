import { Button, Loader, Stack, Table, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import type { OutputDifference } from '@asb/contracts';
import { lazy, Suspense, useState } from 'react';
import { NoValue } from './CompareSection';
import { ChangeBadge, changeRowProps } from './ChangeBadge';
import { bandText, outputText, signed } from './output-values';
import { swipeRange } from './swipe-range';

// OpenLayers loads when a swipe map is first opened, never with the page
const RasterSwipeMap = lazy(() => import('./RasterSwipeMap').then((module) => ({ default: module.RasterSwipeMap })));

const HOW: Record<OutputDifference['comparedBy'], string> = {
  value: 'Compared by value',
  file: 'A file of each execution: compared by its path, its contents are not read',
  raster: 'A GeoTIFF of each execution: compared by the statistics of its bands',
};

/** One side of an output: its value, and for a raster the statistics of each band. */
function OutputSide({ output, side }: { output: OutputDifference; side: 'left' | 'right' }) {
  const text = outputText(output[side]);
  if (text === null) return <NoValue />;
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ wordBreak: 'break-all' }} ff={output.comparedBy === 'value' ? undefined : 'monospace'}>
        {text}
      </Text>
      {output.raster?.bands.map((band) => (
        <Text key={band.band} size="xs" c="dimmed" data-band={band.band}>
          {band.band}: {bandText(band[side])}
        </Text>
      ))}
    </Stack>
  );
}

/** An output of both executions; a raster of each can open below on one map with a swipe. */
export function OutputRow({ output }: { output: OutputDifference }) {
  const [isSwiping, setSwiping] = useState(false);
  const range = swipeRange(output);
  return (
    <>
      <Table.Tr data-output={output.key} {...changeRowProps(output.change)}>
        <Table.Td title={HOW[output.comparedBy]}>
          {output.label}
          <Text size="xs" c="dimmed" ff="monospace">
            {output.task_id}
          </Text>
        </Table.Td>
        <Table.Td>
          <OutputSide output={output} side="left" />
        </Table.Td>
        <Table.Td>
          <OutputSide output={output} side="right" />
        </Table.Td>
        <Table.Td>
          <Stack gap={2} align="flex-start">
            <ChangeBadge change={output.change} />
            {output.raster?.bands.map((band) => (
              <Text key={band.band} size="xs">
                {band.band} mean {signed(band.meanDifference)}
              </Text>
            ))}
            {output.raster?.error && (
              <Text size="xs" c="red.8">
                {output.raster.error}
              </Text>
            )}
            {range && (
              <Button size="compact-xs" variant="light" leftSection={<IconArrowsHorizontal size={12} />} onClick={() => setSwiping((open) => !open)}>
                {isSwiping ? 'Hide the map' : 'Swipe on one map'}
              </Button>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
      {isSwiping && range && (
        <Table.Tr data-swipe-of={output.key}>
          <Table.Td colSpan={4}>
            <Suspense fallback={<Loader size="sm" aria-label="Loading the map" />}>
              <RasterSwipeMap left={output.left as string} right={output.right as string} rescale={range} height={360} />
            </Suspense>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
