import { Box } from '@mantine/core';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { platformModifierKeyOnly } from 'ol/events/condition';
import GeoJSON from 'ol/format/GeoJSON';
import { fromExtent } from 'ol/geom/Polygon';
import DragBox from 'ol/interaction/DragBox';
import VectorLayer from 'ol/layer/Vector';
import 'ol/ol.css';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { useEffect, useEffectEvent, useRef } from 'react';
import { baseMapControls, baseMapLayer } from '../../../ui/map/base-map';
import { BASE_MAP_COLORS } from '../../../ui/map/base-map-style';
import { useBaseMapUrl } from '../../../ui/map/use-base-map-url';
import { MAP_DEFAULT_ZOOM, MAX_FIT_ZOOM, type Bounds } from './search-form';

/** Europe: where the portal's users mostly look first. */
const START_CENTER: [number, number] = [10, 50];
const FIT_PADDING = [24, 24, 24, 24];

interface Footprint {
  id: string;
  geometry: Record<string, unknown> | null;
}

export interface FootprintMapProps {
  /** the search box, shown as a dashed rectangle */
  bounds: Bounds | undefined;
  /** a box was drawn: the map's mouse drag (Ctrl/⌘ + drag pans instead) */
  onDraw(bounds: Bounds): void;
  footprints: Footprint[];
  highlighted: string | null;
  selected: string | null;
  onHover(id: string | null): void;
  onSelect(id: string): void;
  height: number;
}

const boxStyle = new Style({ stroke: new Stroke({ color: '#e8590c', width: 2, lineDash: [6, 4] }), fill: new Fill({ color: 'rgba(232,89,12,0.05)' }) });
const footprintStyle = new Style({ stroke: new Stroke({ color: '#1c7ed6', width: 1.5 }), fill: new Fill({ color: 'rgba(28,126,214,0.08)' }) });
const highlightStyle = new Style({ stroke: new Stroke({ color: '#f08c00', width: 3 }), fill: new Fill({ color: 'rgba(240,140,0,0.25)' }), zIndex: 10 });

const geojson = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/**
 * The catalogue browser's map (spec 1 §2, §9): a mouse drag draws the search box (the four
 * fields follow it, and it follows them), the results' footprints are drawn and highlighted
 * with their table row, and the view fits them up to zoom 7; it starts at zoom 4.
 */
export function FootprintMap({ bounds, onDraw, footprints, highlighted, selected, onHover, onSelect, height }: FootprintMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const parts = useRef<{ map: OlMap; box: VectorSource; footprints: VectorSource; layer: VectorLayer } | null>(null);
  const draw = useEffectEvent((drawn: Bounds) => onDraw(drawn));
  const hover = useEffectEvent((id: string | null) => onHover(id));
  const select = useEffectEvent((id: string) => onSelect(id));
  const baseMapUrl = useBaseMapUrl();

  useEffect(() => {
    if (!element.current) return;
    const box = new VectorSource();
    const footprintSource = new VectorSource();
    const layer = new VectorLayer({ source: footprintSource, style: footprintStyle });
    const map = new OlMap({
      target: element.current,
      view: new View({ center: fromLonLat(START_CENTER), zoom: MAP_DEFAULT_ZOOM }),
      controls: baseMapControls(),
      layers: [baseMapLayer(baseMapUrl), layer, new VectorLayer({ source: box, style: boxStyle })],
    });
    // a plain drag draws; with the platform modifier the map pans (the default DragPan)
    const drag = new DragBox({ condition: (event) => !platformModifierKeyOnly(event) });
    drag.on('boxend', () => {
      const [west, south, east, north] = transformExtent(drag.getGeometry().getExtent(), 'EPSG:3857', 'EPSG:4326');
      draw([west!, south!, east!, north!]);
    });
    map.addInteraction(drag);
    let hovered: string | null = null;
    map.on('pointermove', (event) => {
      const found = map.forEachFeatureAtPixel(event.pixel, (feature) => feature, { layerFilter: (candidate) => candidate === layer });
      const id = found ? String(found.getId()) : null;
      if (id !== hovered) {
        hovered = id;
        hover(id);
      }
    });
    map.on('singleclick', (event) => {
      const found = map.forEachFeatureAtPixel(event.pixel, (feature) => feature, { layerFilter: (candidate) => candidate === layer });
      if (found) select(String(found.getId()));
    });
    parts.current = { map, box, footprints: footprintSource, layer };
    return () => {
      map.setTarget(undefined);
      parts.current = null;
    };
  }, [baseMapUrl]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    current.box.clear();
    if (bounds) current.box.addFeature(new Feature(fromExtent(transformExtent(bounds, 'EPSG:4326', 'EPSG:3857'))));
  }, [bounds]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    current.footprints.clear();
    const features = footprints.flatMap(({ id, geometry }) => {
      if (!geometry) return [];
      const feature = geojson.readFeature({ type: 'Feature', id, geometry, properties: {} }) as Feature;
      feature.setId(id);
      return [feature];
    });
    current.footprints.addFeatures(features);
    const extent = current.footprints.getExtent();
    if (features.length > 0 && extent) current.map.getView().fit(extent, { maxZoom: MAX_FIT_ZOOM, padding: FIT_PADDING });
  }, [footprints]);

  useEffect(() => {
    parts.current?.layer.setStyle((feature) => {
      const id = String(feature.getId());
      return id === highlighted || id === selected ? highlightStyle : footprintStyle;
    });
  }, [highlighted, selected]);

  return <Box ref={element} h={height} data-testid="catalogue-map" style={{ background: BASE_MAP_COLORS.sea, borderRadius: 4, cursor: 'crosshair' }} />;
}
