import type Collection from 'ol/Collection';
import type Control from 'ol/control/Control';
import { defaults as defaultControls } from 'ol/control/defaults';
import GeoJSON from 'ol/format/GeoJSON';
import LayerGroup from 'ol/layer/Group';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { naturalEarthStyle, placeStyle } from './base-map-style';
import { graticuleLayer } from './graticule';
import { naturalEarth, places, type NaturalEarthScale } from './natural-earth';

/**
 * Past this zoom Natural Earth's 1:50m data (230 KB gzip) replaces its 1:110m (38 KB): the
 * catalogue's first view of Europe (zoom 4) draws the light one, a country or a footprint the
 * detailed one.
 */
export const DETAIL_ZOOM = 5;

/** One line for all its sources (the map shows a text once): GeoNames' licence asks for its name. */
export const BASE_MAP_ATTRIBUTION = 'Made with Natural Earth · places: GeoNames (CC BY 4.0)';

/**
 * A vector source filled once from `read` (GeoJSON in degrees) the first time a layer of it is
 * drawn: OpenLayers calls the loader only for a layer within its zoom range, so a scale nobody
 * looks at is never downloaded.
 */
function lazySource(read: () => Promise<object>): VectorSource {
  const source: VectorSource = new VectorSource({
    attributions: BASE_MAP_ATTRIBUTION,
    loader: (_extent, _resolution, projection, success, failure) => {
      read().then(
        (collection) => {
          const features = new GeoJSON().readFeatures(collection, { dataProjection: 'EPSG:4326', featureProjection: projection });
          source.addFeatures(features);
          success?.(features);
        },
        () => {
          // the loader is asked again at the next view change
          source.removeLoadedExtent([-Infinity, -Infinity, Infinity, Infinity]);
          failure?.();
        },
      );
    },
  });
  return source;
}

function naturalEarthLayer(scale: NaturalEarthScale, zooms: { minZoom?: number; maxZoom?: number }): VectorImageLayer {
  return new VectorImageLayer({
    source: lazySource(() => naturalEarth(scale)),
    style: naturalEarthStyle,
    properties: { name: `natural-earth-${scale}` },
    ...zooms,
  });
}

/**
 * The controls of a map with the base map: its sources named in the corner (GeoNames asks for
 * it, CC BY), folded behind an 'i' on a small map, where only the footprint matters.
 */
export function baseMapControls({ isSmall = false }: { isSmall?: boolean } = {}): Collection<Control> {
  return defaultControls({ zoom: !isSmall, rotate: !isSmall, attributionOptions: { collapsed: isSmall } });
}

/**
 * The base map under every map of the portal (issue 34 §1), its bottom layer: the operator's
 * tile server when ASB_BASEMAP_URL names one (an XYZ template the browser fetches,
 * docs/configuration.md), else Natural Earth's land, coastlines and borders with place names
 * and a graticule, drawn from data shipped with the app (no tile server is reached).
 */
export function baseMapLayer(tileUrl: string | null): LayerGroup {
  if (tileUrl) {
    return new LayerGroup({ layers: [new TileLayer({ source: new XYZ({ url: tileUrl }), properties: { name: 'tiles' } })], properties: { name: 'base map' } });
  }
  return new LayerGroup({
    layers: [
      naturalEarthLayer('110m', { maxZoom: DETAIL_ZOOM }),
      naturalEarthLayer('50m', { minZoom: DETAIL_ZOOM }),
      graticuleLayer(),
      new VectorLayer({
        source: lazySource(places),
        style: placeStyle,
        // labels give way to each other, the larger city first (places.json is sorted by population)
        declutter: true,
        properties: { name: 'places' },
      }),
    ],
    properties: { name: 'base map' },
  });
}
