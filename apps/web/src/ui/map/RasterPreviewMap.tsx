import { Alert, Box, Group, Loader, Text } from '@mantine/core';
import OlMap from 'ol/Map';
import View from 'ol/View';
import TileLayer from 'ol/layer/Tile';
import 'ol/ol.css';
import { fromLonLat, transformExtent } from 'ol/proj';
import XYZ from 'ol/source/XYZ';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { baseMapControls, baseMapLayer } from './base-map';
import { BASE_MAP_COLORS } from './base-map-style';
import { fitExtent, loadPreview, MAP_START, TILE_SIZE, type PreviewLayer, type PreviewOptions } from './map-preview';
import { useBaseMapUrl } from './use-base-map-url';

type PreviewState = { kind: 'loading' } | { kind: 'ready'; layer: PreviewLayer; tilesLoaded: number } | { kind: 'failed'; message: string };

interface RasterPreviewMapProps {
  /** a file the tile service reads: an execution output or a catalogue asset */
  url: string;
  options?: PreviewOptions;
  height: number;
  /** told the band count once the statistics are in (the band choice needs it) */
  onLoaded?(layer: PreviewLayer): void;
}

function stretchText(layer: PreviewLayer, bands: number[]): string {
  return layer.rescale.map((range, index) => `band ${bands[index] ?? index + 1} from ${range[0].toPrecision(4)} to ${range[1].toPrecision(4)}`).join(', ');
}

/**
 * Map preview of a GeoTIFF (spec 1 §2): OpenLayers at zoom 1 on 0,0 (zoom 0-20); the tile
 * service's statistics give the rescale range, tilejson the bounds and tiles (256 px); the
 * view then fits the bounds with a 10% margin, over the base map.
 */
export function RasterPreviewMap({ url, options = {}, height, onLoaded }: RasterPreviewMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const bands = options.bands ?? [1];
  const bandsKey = bands.join(',');
  const stretch = options.stretch ?? 'min-max';
  const loaded = useEffectEvent((layer: PreviewLayer) => onLoaded?.(layer));
  const baseMapUrl = useBaseMapUrl();

  useEffect(() => {
    if (!element.current) return;
    setState({ kind: 'loading' });
    const view = new View({ center: fromLonLat(MAP_START.center), zoom: MAP_START.zoom, minZoom: MAP_START.minZoom, maxZoom: MAP_START.maxZoom });
    const map = new OlMap({ target: element.current, view, controls: baseMapControls(), layers: [baseMapLayer(baseMapUrl)] });
    const controller = new AbortController();
    const chosen = bandsKey.split(',').map(Number);
    loadPreview(url, { bands: chosen, stretch }, controller.signal).then(
      (layer) => {
        const source = new XYZ({ url: layer.tiles, tileSize: TILE_SIZE, minZoom: layer.minZoom, maxZoom: layer.maxZoom });
        let tilesLoaded = 0;
        source.on('tileloadend', () => {
          tilesLoaded += 1;
          setState({ kind: 'ready', layer, tilesLoaded });
        });
        // over the base map's opaque land, on a canvas of its own (e2e reads what the raster drew there);
        // within the raster's bounds: a tile outside them is a 404 of the tile service (issue 34 §3)
        const extent = transformExtent(layer.bounds, 'EPSG:4326', 'EPSG:3857');
        map.getLayers().push(new TileLayer({ source, extent, className: 'raster-layer' }));
        map.updateSize();
        view.fit(transformExtent(fitExtent(layer.bounds), 'EPSG:4326', 'EPSG:3857'));
        setState({ kind: 'ready', layer, tilesLoaded });
        loaded(layer);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', message: (error as Error).message });
      },
    );
    return () => {
      controller.abort();
      map.setTarget(undefined);
    };
  }, [url, bandsKey, stretch, baseMapUrl]);

  return (
    <>
      {state.kind === 'failed' && (
        <Alert color="red" variant="light" mb="sm">
          {state.message}
        </Alert>
      )}
      <Box pos="relative">
        <Box
          ref={element}
          h={height}
          data-testid="map-preview"
          data-state={state.kind}
          data-tiles-loaded={state.kind === 'ready' ? state.tilesLoaded : 0}
          style={{ background: BASE_MAP_COLORS.sea }}
        />
        {state.kind === 'loading' && (
          <Group pos="absolute" top={12} left={12} gap="xs">
            <Loader size="xs" />
            <Text size="xs">Loading the raster…</Text>
          </Group>
        )}
      </Box>
      {state.kind === 'ready' && (
        <Text size="xs" c="dimmed" mt="xs">
          Stretched: {stretchText(state.layer, bands)}.
        </Text>
      )}
    </>
  );
}
