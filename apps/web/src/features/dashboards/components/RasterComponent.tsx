import { Center, Text } from '@mantine/core';
import { RasterPreviewMap } from '../../../ui/map/RasterPreviewMap';

/**
 * Spec 2 §2 GeoTIFF viewer and COG map (7 x 20): the GeoTIFF named in the settings (an execution
 * output or a catalogue asset the viewer may read), drawn by the tile service (/cog/*).
 */
export function RasterComponent({ properties, height }: { properties: Record<string, unknown>; height: number }) {
  const url = typeof properties.url === 'string' ? properties.url : '';
  if (!url)
    return (
      <Center h={height}>
        <Text size="sm" c="dimmed">
          Choose a GeoTIFF in edit mode (the component’s settings).
        </Text>
      </Center>
    );
  // the stretch line goes under the map
  return <RasterPreviewMap url={url} height={Math.max(40, height - 24)} />;
}
