import { Alert, Box, Group, Loader, Slider, Text } from '@mantine/core';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { extend } from 'ol/extent';
import TileLayer from 'ol/layer/Tile';
import 'ol/ol.css';
import { fromLonLat, transformExtent } from 'ol/proj';
import { getRenderPixel } from 'ol/render';
import type RenderEvent from 'ol/render/Event';
import XYZ from 'ol/source/XYZ';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/api/http';
import { baseMapControls, baseMapLayer } from '../../ui/map/base-map';
import { BASE_MAP_COLORS } from '../../ui/map/base-map-style';
import { fitExtent, MAP_START, PREVIEW_FAILED, TILE_SIZE, type Bounds } from '../../ui/map/map-preview';
import { useBaseMapUrl } from '../../ui/map/use-base-map-url';

interface RasterSwipeMapProps {
  /** the two GeoTIFFs (datastore URLs), left and right */
  left: string;
  right: string;
  /** one stretch for both, so that a colour means the same value on either side */
  rescale: [number, number];
  height: number;
}

type MapState = 'loading' | 'ready' | 'failed';

/** A raster layer of the tile service within its bounds, on a canvas of its own. */
async function rasterLayer(url: string, rescale: [number, number], className: string, signal: AbortSignal) {
  const tilejson = await api('GET /cog/tilejson.json', { query: { url, rescale: rescale.join(',') }, signal });
  const [tiles] = tilejson.tiles;
  if (!tiles) throw new Error('tilejson without tiles');
  const source = new XYZ({ url: tiles, tileSize: TILE_SIZE, minZoom: tilejson.minzoom, maxZoom: tilejson.maxzoom });
  const layer = new TileLayer({ source, extent: transformExtent(tilejson.bounds, 'EPSG:4326', 'EPSG:3857'), className });
  return { layer, bounds: tilejson.bounds };
}

/**
 * The two rasters of a compared output on one map (docs/compare.md): the left one whole, the
 * right one drawn right of the swipe line only (OpenLayers' layer swipe: the right layer's
 * canvas is clipped before it renders), over the base map.
 */
export function RasterSwipeMap({ left, right, rescale, height }: RasterSwipeMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  // read while rendering: the slider moves the line without building the map again
  const swipe = useRef(50);
  const [position, setPosition] = useState(50);
  const [state, setState] = useState<MapState>('loading');
  const baseMapUrl = useBaseMapUrl();
  const [low, high] = rescale;

  useEffect(() => {
    if (!element.current) return;
    setState('loading');
    const view = new View({ center: fromLonLat(MAP_START.center), zoom: MAP_START.zoom, minZoom: MAP_START.minZoom, maxZoom: MAP_START.maxZoom });
    const olMap = new OlMap({ target: element.current, view, controls: baseMapControls(), layers: [baseMapLayer(baseMapUrl)] });
    map.current = olMap;
    const controller = new AbortController();
    const clip = (event: RenderEvent) => {
      const context = event.context as CanvasRenderingContext2D;
      const size = olMap.getSize();
      if (!size) return;
      const x = (size[0]! * swipe.current) / 100;
      const corners = [getRenderPixel(event, [x, 0]), getRenderPixel(event, [x, size[1]!]), getRenderPixel(event, size), getRenderPixel(event, [size[0]!, 0])];
      context.save();
      context.beginPath();
      corners.forEach(([px, py], index) => (index === 0 ? context.moveTo(px!, py!) : context.lineTo(px!, py!)));
      context.closePath();
      context.clip();
    };
    Promise.all([rasterLayer(left, [low, high], 'raster-left', controller.signal), rasterLayer(right, [low, high], 'raster-right', controller.signal)]).then(
      ([l, r]) => {
        r.layer.on('prerender', clip);
        r.layer.on('postrender', (event) => (event.context as CanvasRenderingContext2D).restore());
        olMap.getLayers().extend([l.layer, r.layer]);
        olMap.updateSize();
        const both = extend([...l.bounds], r.bounds) as Bounds;
        view.fit(transformExtent(fitExtent(both), 'EPSG:4326', 'EPSG:3857'));
        setState('ready');
      },
      () => {
        if (!controller.signal.aborted) setState('failed');
      },
    );
    return () => {
      controller.abort();
      olMap.setTarget(undefined);
      map.current = null;
    };
  }, [left, right, low, high, baseMapUrl]);

  return (
    <Box>
      {state === 'failed' && (
        <Alert color="red" variant="light" mb="sm">
          {PREVIEW_FAILED}
        </Alert>
      )}
      <Box pos="relative">
        <Box ref={element} h={height} data-testid="swipe-map" data-state={state} style={{ background: BASE_MAP_COLORS.sea }} />
        {state === 'loading' && (
          <Group pos="absolute" top={12} left={12} gap="xs">
            <Loader size="xs" />
            <Text size="xs">Loading the rasters…</Text>
          </Group>
        )}
      </Box>
      <Group gap="sm" mt="xs" wrap="nowrap">
        <Text size="xs">Left</Text>
        <Slider
          flex={1}
          value={position}
          onChange={(value) => {
            swipe.current = value;
            setPosition(value);
            map.current?.render();
          }}
          label={null}
          thumbLabel="Swipe between the left and the right raster"
        />
        <Text size="xs">Right</Text>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Both stretched from {low.toPrecision(4)} to {high.toPrecision(4)}.
      </Text>
    </Box>
  );
}
