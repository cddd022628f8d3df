import { Alert, Box, Group, Loader, Modal, Text } from '@mantine/core';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Graticule from 'ol/layer/Graticule';
import TileLayer from 'ol/layer/Tile';
import 'ol/ol.css';
import { fromLonLat, transformExtent } from 'ol/proj';
import XYZ from 'ol/source/XYZ';
import Stroke from 'ol/style/Stroke';
import { useEffect, useRef, useState } from 'react';
import { fitExtent, loadPreview, MAP_START, TILE_SIZE, type PreviewLayer } from './map-preview';

/** Spec 1 §2: the map modal is 600 px high. */
const MAP_HEIGHT = 600;

export interface PreviewTarget {
  /** the output's file URL (/builder/v1/executions/{id}/files/...) */
  url: string;
  title: string;
}

type PreviewState = { kind: 'loading' } | { kind: 'ready'; layer: PreviewLayer; tilesLoaded: number } | { kind: 'failed'; message: string };

/**
 * Map preview of a GeoTIFF output (spec 1 §2): OpenLayers at zoom 1 on 0,0 (zoom 0-20);
 * the tile service's statistics give the rescale range, tilejson the bounds and tiles
 * (256 px); the view then fits the bounds with a 10% margin. A graticule stands in for
 * a base map (no outside tile server is reached).
 */
function PreviewMap({ target }: { target: PreviewTarget }) {
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });

  useEffect(() => {
    if (!element.current) return;
    const view = new View({ center: fromLonLat(MAP_START.center), zoom: MAP_START.zoom, minZoom: MAP_START.minZoom, maxZoom: MAP_START.maxZoom });
    const map = new OlMap({
      target: element.current,
      view,
      layers: [new Graticule({ strokeStyle: new Stroke({ color: 'rgba(0,0,0,0.25)', width: 1, lineDash: [2, 4] }), showLabels: true, wrapX: false })],
    });
    const controller = new AbortController();
    loadPreview(target.url, controller.signal).then(
      (layer) => {
        const source = new XYZ({ url: layer.tiles, tileSize: TILE_SIZE, minZoom: layer.minZoom, maxZoom: layer.maxZoom });
        let tilesLoaded = 0;
        source.on('tileloadend', () => {
          tilesLoaded += 1;
          setState({ kind: 'ready', layer, tilesLoaded });
        });
        map.getLayers().insertAt(0, new TileLayer({ source }));
        map.updateSize();
        view.fit(transformExtent(fitExtent(layer.bounds), 'EPSG:4326', 'EPSG:3857'));
        setState({ kind: 'ready', layer, tilesLoaded });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', message: (error as Error).message });
      },
    );
    return () => {
      controller.abort();
      map.setTarget(undefined);
    };
  }, [target.url]);

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
          h={MAP_HEIGHT}
          data-testid="map-preview"
          data-state={state.kind}
          data-tiles-loaded={state.kind === 'ready' ? state.tilesLoaded : 0}
          style={{ background: '#eef2f5' }}
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
          Band 1 stretched from {state.layer.rescale[0].toPrecision(4)} to {state.layer.rescale[1].toPrecision(4)}.
        </Text>
      )}
    </>
  );
}

export function MapPreviewModal({ target, onClose }: { target: PreviewTarget | null; onClose(): void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? `Preview of ${target.title}` : ''} size="80%">
      {target && <PreviewMap target={target} />}
    </Modal>
  );
}
