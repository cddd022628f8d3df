import { Box } from '@mantine/core';
import OlMap from 'ol/Map';
import View from 'ol/View';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import 'ol/ol.css';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { useEffect, useRef } from 'react';
import { baseMapControls, baseMapLayer } from '../../../ui/map/base-map';
import { BASE_MAP_COLORS } from '../../../ui/map/base-map-style';
import { useBaseMapUrl } from '../../../ui/map/use-base-map-url';
import { MAX_FIT_ZOOM } from '../browser/search-form';

const style = new Style({ stroke: new Stroke({ color: '#e8590c', width: 2 }), fill: new Fill({ color: 'rgba(232,89,12,0.2)' }) });

/** A product's footprint on a small map (the report's product inputs; larger on an item page's Geometry tab), zoomed to it up to zoom 7. */
export function FootprintMiniMap({
  geometry,
  label,
  width = 220,
  height = 140,
}: {
  geometry: Record<string, unknown>;
  label: string;
  width?: number | string;
  height?: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  const baseMapUrl = useBaseMapUrl();
  useEffect(() => {
    if (!element.current) return;
    const feature = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' }).readFeature({ type: 'Feature', geometry, properties: {} });
    const source = new VectorSource({ features: Array.isArray(feature) ? feature : [feature] });
    const view = new View({ center: [0, 0], zoom: 1 });
    const map = new OlMap({
      target: element.current,
      view,
      controls: baseMapControls({ isSmall: true }),
      layers: [baseMapLayer(baseMapUrl), new VectorLayer({ source, style })],
    });
    const extent = source.getExtent();
    if (extent) view.fit(extent, { maxZoom: MAX_FIT_ZOOM, padding: [12, 12, 12, 12] });
    return () => map.setTarget(undefined);
  }, [geometry, baseMapUrl]);
  return (
    <Box
      ref={element}
      w={width}
      h={height}
      aria-label={label}
      role="img"
      data-testid="footprint-map"
      style={{ background: BASE_MAP_COLORS.sea, borderRadius: 4 }}
    />
  );
}
