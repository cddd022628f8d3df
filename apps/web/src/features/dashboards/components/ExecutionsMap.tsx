import { Text } from '@mantine/core';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { boundingExtent } from 'ol/extent';
import Point from 'ol/geom/Point';
import { fromExtent } from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import 'ol/ol.css';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { useEffect, useRef, useState } from 'react';
import { useLiveEvent } from '../../../app/live/useLiveEvent';
import { baseMapControls, baseMapLayer } from '../../../ui/map/base-map';
import { BASE_MAP_COLORS } from '../../../ui/map/base-map-style';
import { MAP_START } from '../../../ui/map/map-preview';
import { useBaseMapUrl } from '../../../ui/map/use-base-map-url';
import { useRecentExecutions } from '../api';
import { executionAreas, type Area } from '../areas';
import { sourceState } from './SourceState';

const STATUS_COLORS: Record<string, string> = { success: '#2f9e44', failed: '#e03131', running: '#1c7ed6', stopped: '#868e96' };

function styleOf(status: string): Style {
  const color = STATUS_COLORS[status] ?? '#f08c00';
  return new Style({
    stroke: new Stroke({ color, width: 2 }),
    fill: new Fill({ color: `${color}33` }),
    image: new CircleStyle({ radius: 6, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 1 }) }),
  });
}

function featureOf(area: Area, status: string, identifier: string): Feature {
  const [west, south, east, north] = area;
  const geometry = west === east && south === north ? new Point(fromLonLat([west, south])) : fromExtent(transformExtent(area, 'EPSG:4326', 'EPSG:3857'));
  const feature = new Feature({ geometry, identifier });
  feature.setStyle(styleOf(status));
  return feature;
}

/**
 * Where the viewer's latest executions ran (docs/dashboards.md): the areas their inputs name
 * (bbox inputs; longitudes and latitudes), coloured by status, on the base map; live.
 */
export function ExecutionsMap({ height, isSignedIn }: { height: number; isSignedIn: boolean }) {
  const query = useRecentExecutions(isSignedIn);
  useLiveEvent('executionUpdate', () => void query.refetch());
  const element = useRef<HTMLDivElement>(null);
  const [source] = useState(() => new VectorSource());
  const map = useRef<OlMap | null>(null);
  const isReady = query.isSuccess;
  const baseMapUrl = useBaseMapUrl();

  useEffect(() => {
    if (!element.current || !isReady) return;
    const view = new View({ center: fromLonLat(MAP_START.center), zoom: MAP_START.zoom, minZoom: MAP_START.minZoom, maxZoom: 12 });
    const created = new OlMap({ target: element.current, view, controls: baseMapControls(), layers: [baseMapLayer(baseMapUrl), new VectorLayer({ source })] });
    map.current = created;
    const observer = new ResizeObserver(() => created.updateSize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      created.setTarget(undefined);
      map.current = null;
    };
  }, [isReady, source, baseMapUrl]);

  const executions = query.data ?? [];
  const features = executions.flatMap((execution) =>
    executionAreas(execution.attributes.inputs).map((area) => ({ area, status: execution.attributes.status, identifier: execution.attributes.identifier })),
  );
  const key = features.map((feature) => `${feature.identifier}:${feature.status}:${feature.area.join(',')}`).join('|');
  useEffect(() => {
    source.clear();
    if (features.length === 0) return;
    source.addFeatures(features.map((feature) => featureOf(feature.area, feature.status, feature.identifier)));
    const extent = boundingExtent(features.flatMap(({ area }) => [fromLonLat([area[0], area[1]]), fromLonLat([area[2], area[3]])]));
    map.current?.getView().fit(extent, { padding: [30, 30, 30, 30], maxZoom: 10 });
    // the features are rebuilt only when an execution, its status or its area changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, isReady, source]);

  const placeholder = sourceState(query, isSignedIn, height);
  if (placeholder) return placeholder;
  return (
    <div style={{ position: 'relative' }} data-testid="executions-map" data-areas={features.length}>
      <div ref={element} style={{ height, width: '100%', background: BASE_MAP_COLORS.sea }} />
      {features.length === 0 && (
        // at the top: the base map's attribution holds the bottom corner
        <Text
          size="xs"
          c="dimmed"
          style={{ position: 'absolute', top: 8, left: 48, maxWidth: 'calc(100% - 56px)', background: 'rgba(255,255,255,0.8)', padding: '0 4px' }}
        >
          None of your latest executions names an area (a bbox, or longitudes and latitudes).
        </Text>
      )}
    </div>
  );
}
