import type Feature from 'ol/Feature';
import type LayerGroup from 'ol/layer/Group';
import type BaseLayer from 'ol/layer/Base';
import type VectorLayer from 'ol/layer/Vector';
import MultiLineString from 'ol/geom/MultiLineString';
import MultiPolygon from 'ol/geom/MultiPolygon';
import TileLayer from 'ol/layer/Tile';
import { get as getProjection, fromLonLat } from 'ol/proj';
import type VectorSource from 'ol/source/Vector';
import type XYZ from 'ol/source/XYZ';
import type Fill from 'ol/style/Fill';
import type Style from 'ol/style/Style';
import { getUid } from 'ol/util';
import { describe, expect, it } from 'vitest';
import { BASE_MAP_ATTRIBUTION, baseMapLayer, DETAIL_ZOOM } from './base-map';
import { BASE_MAP_COLORS, naturalEarthStyle, placeStyle } from './base-map-style';

const layersOf = (group: LayerGroup) => group.getLayers().getArray();
const named = (group: LayerGroup, name: string) => layersOf(group).find((layer: BaseLayer) => layer.get('name') === name) as VectorLayer<VectorSource>;
/** Web Mercator's resolution at a zoom (256 px tiles). */
const resolutionAt = (zoom: number) => 156_543.033_928_041 / 2 ** zoom;

/** What a map does the first time it draws a layer: its source's loader runs, once. */
async function load(layer: VectorLayer<VectorSource>): Promise<Feature[]> {
  const source = layer.getSource()!;
  const loaded = new Promise<Feature[]>((resolve, reject) => {
    source.once('featuresloadend', () => resolve(source.getFeatures()));
    source.once('featuresloaderror', () => reject(new Error('the base map did not load')));
  });
  source.loadFeatures([-Infinity, -Infinity, Infinity, Infinity], resolutionAt(2), getProjection('EPSG:3857')!);
  return loaded;
}

describe('the base map', () => {
  it('draws Natural Earth at two scales, a graticule and place names, from the app itself', () => {
    const group = baseMapLayer(null);
    expect(layersOf(group).map((layer) => layer.get('name') as string | undefined)).toEqual(['natural-earth-110m', 'natural-earth-50m', undefined, 'places']);
    // the small scale for the world, the medium one from a continent on: a map loads only the one it shows
    expect(named(group, 'natural-earth-110m').getMaxZoom()).toBe(DETAIL_ZOOM);
    expect(named(group, 'natural-earth-50m').getMinZoom()).toBe(DETAIL_ZOOM);
    expect(named(group, 'natural-earth-110m').getSource()!.getFeatures()).toEqual([]);
    expect(named(group, 'places').getDeclutter()).toBeTruthy();
  });

  it('fills the land, and draws coasts and borders apart: Antwerp is on land, no band runs round the world where the land is cut at 180°', async () => {
    const layer = named(baseMapLayer(null), 'natural-earth-110m');
    const features = await load(layer);
    const kinds = features.map((feature) => feature.get('kind') as string);
    expect(new Set(kinds)).toEqual(new Set(['land', 'coast', 'border']));
    const antwerp = fromLonLat([4.4, 51.22]);
    const atlantic = fromLonLat([-30, 40]);
    const land = features.filter((feature) => feature.get('kind') === 'land');
    expect(land.some((feature) => feature.getGeometry()!.intersectsCoordinate(antwerp))).toBe(true);
    expect(land.some((feature) => feature.getGeometry()!.intersectsCoordinate(atlantic))).toBe(false);
    // a flat map draws no band round the world where Natural Earth cuts Russia, Fiji and Antarctica at ±180°
    const halfWorld = fromLonLat([180, 0])[0]!;
    const longestStep = (positions: number[][]) => Math.max(...positions.slice(1).map((position, index) => Math.abs(position[0]! - positions[index]![0]!)));
    const paths = features.flatMap((feature) => {
      const geometry = feature.getGeometry()!;
      if (geometry instanceof MultiPolygon) return geometry.getCoordinates().flat();
      if (geometry instanceof MultiLineString) return geometry.getCoordinates();
      throw new Error(`unexpected ${geometry.getType()}`);
    });
    expect(Math.max(...paths.map(longestStep))).toBeLessThan(halfWorld / 2);
    const [antimeridian] = fromLonLat([180, 0]);
    const coast = features.find((feature) => feature.get('kind') === 'coast')!.getGeometry() as MultiLineString;
    expect(coast.getLineStrings().some((line) => line.getCoordinates().every(([x]) => Math.abs(Math.abs(x!) - antimeridian!) < 1))).toBe(false);

    const fillOf = (kind: string) => (naturalEarthStyle(features.find((feature) => feature.get('kind') === kind)!).getFill() as Fill | null)?.getColor();
    expect(fillOf('land')).toBe(BASE_MAP_COLORS.land);
    expect(fillOf('coast')).toBeUndefined();
    expect(layer.getSource()!.getAttributions()!({} as never)).toEqual([BASE_MAP_ATTRIBUTION]);
  });

  it('names places, the larger ones first, and the smaller ones only when zoomed in', async () => {
    const features = await load(named(baseMapLayer(null), 'places'));
    // drawn, and so kept through the decluttering, in the order they were made: the largest first
    const inRenderOrder = [...features].sort((a, b) => Number(getUid(a)) - Number(getUid(b)));
    expect(inRenderOrder[0]!.get('name')).toBe('Shanghai');
    const antwerp = features.find((feature) => feature.get('name') === 'Antwerpen')!;
    const textAt = (feature: Feature, zoom: number) => (placeStyle(feature, resolutionAt(zoom)) as Style | undefined)?.getText()?.getText();
    expect(textAt(antwerp, 7)).toBe('Antwerpen');
    expect(textAt(antwerp, 2)).toBeUndefined();
    expect(textAt(inRenderOrder[0]!, 2)).toBe('Shanghai');
  });

  it("draws the operator's XYZ tiles instead (ASB_BASEMAP_URL), and nothing shipped", () => {
    const template = 'https://tiles.example/{z}/{x}/{y}.png';
    const layers = layersOf(baseMapLayer(template));
    expect(layers).toHaveLength(1);
    expect(layers[0]).toBeInstanceOf(TileLayer);
    expect(((layers[0] as TileLayer<XYZ>).getSource() as XYZ).getUrls()).toEqual([template]);
  });
});
