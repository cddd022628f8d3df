import type { FeatureLike } from 'ol/Feature';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';

/**
 * The base map's look: muted land on a pale sea (the map element's background), thin coastlines
 * and borders, small grey place names, so that footprints and rasters stay the strongest marks
 * on a map.
 */
export const BASE_MAP_COLORS = { sea: '#e3ebf1', land: '#f7f5ef', coast: '#a3b3bf', border: '#c4bcae', place: '#5f6b76' } as const;

/** What a feature of the Natural Earth layers is: its style follows. */
export type NaturalEarthKind = 'land' | 'coast' | 'border';

const styles: Record<NaturalEarthKind, Style> = {
  land: new Style({ fill: new Fill({ color: BASE_MAP_COLORS.land }), zIndex: 0 }),
  border: new Style({ stroke: new Stroke({ color: BASE_MAP_COLORS.border, width: 0.8, lineDash: [4, 3] }), zIndex: 1 }),
  coast: new Style({ stroke: new Stroke({ color: BASE_MAP_COLORS.coast, width: 0.8 }), zIndex: 2 }),
};

export function naturalEarthStyle(feature: FeatureLike): Style {
  return styles[feature.get('kind') as NaturalEarthKind];
}

/** Web Mercator's resolution at zoom 0 (256 px tiles): zoom = log2(this / resolution). */
const ZOOM_0_RESOLUTION = 156_543.033_928_041;

/**
 * Fewer, larger places when zoomed out: the world view names megacities, a continent its
 * capitals of 400 000 and more and its cities of a million, a country every city of 300 000 and
 * more and every capital (places.json holds no smaller ones).
 */
function isPlaceShownAt(place: { population: number; isCapital: boolean }, resolution: number): boolean {
  const zoom = Math.log2(ZOOM_0_RESOLUTION / resolution);
  if (zoom < 3) return place.population >= 5_000_000;
  if (zoom >= 5) return true;
  return place.population >= (place.isCapital ? 400_000 : zoom < 4 ? 2_000_000 : 1_000_000);
}

const dot = new CircleStyle({ radius: 2, fill: new Fill({ color: BASE_MAP_COLORS.place }) });
const halo = new Stroke({ color: 'rgba(255,255,255,0.85)', width: 3 });
const placeStyles = new Map<string, Style>();

/** A place's dot and name; a small place disappears at a zoom where it would crowd the map. */
export function placeStyle(feature: FeatureLike, resolution: number): Style | undefined {
  const place = { population: feature.get('population') as number, isCapital: feature.get('isCapital') === true };
  if (!isPlaceShownAt(place, resolution)) return undefined;
  const name = feature.get('name') as string;
  const key = `${name}|${place.isCapital}`;
  let style = placeStyles.get(key);
  if (!style) {
    style = new Style({
      image: dot,
      text: new Text({
        text: name,
        font: `${place.isCapital ? 600 : 400} 11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`,
        fill: new Fill({ color: BASE_MAP_COLORS.place }),
        stroke: halo,
        textAlign: 'left',
        offsetX: 5,
      }),
    });
    placeStyles.set(key, style);
  }
  return style;
}
