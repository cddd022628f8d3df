import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { testdata } from './testdata.js';

/** ajv-formats is CommonJS: its plugin is the default export's `default` */
const addFormats = formats.default;

/**
 * Checks documents against the official STAC 1.0.0 JSON Schemas, read in place from
 * ../shared/testdata/stac-schemas (their $id URLs mapped to the files), with ajv 8
 * (docs/catalogue.md "Validity"). The schemas reference GeoJSON's schemas at geojson.org,
 * which are not in the test data and cannot be fetched here: those two references are
 * answered by a schema of ours written from RFC 7946 (GEOJSON_FEATURE, GEOJSON_GEOMETRY).
 */

const SCHEMAS = testdata('stac-schemas', 'v1.0.0');
const STAC_BASE = 'https://schemas.stacspec.org/v1.0.0/';

const position = { type: 'array', minItems: 2, items: { type: 'number' } };
const ring = { type: 'array', minItems: 4, items: position };
const geometry = (type: string, coordinates: object) => ({
  type: 'object',
  required: ['type', 'coordinates'],
  properties: { type: { const: type }, coordinates, bbox: { type: 'array', minItems: 4, items: { type: 'number' } } },
});
/** RFC 7946 §3.1 geometries (ours: geojson.org's schema is not available offline). */
const GEOJSON_GEOMETRY = {
  $id: 'https://geojson.org/schema/Geometry.json',
  oneOf: [
    geometry('Point', position),
    geometry('MultiPoint', { type: 'array', items: position }),
    geometry('LineString', { type: 'array', minItems: 2, items: position }),
    geometry('MultiLineString', { type: 'array', items: { type: 'array', minItems: 2, items: position } }),
    geometry('Polygon', { type: 'array', items: ring }),
    geometry('MultiPolygon', { type: 'array', items: { type: 'array', items: ring } }),
    {
      type: 'object',
      required: ['type', 'geometries'],
      properties: { type: { const: 'GeometryCollection' }, geometries: { type: 'array', items: { $ref: '#' } } },
    },
  ],
};
/** RFC 7946 §3.2 Feature. */
const GEOJSON_FEATURE = {
  $id: 'https://geojson.org/schema/Feature.json',
  type: 'object',
  required: ['type', 'properties', 'geometry'],
  properties: {
    type: { const: 'Feature' },
    id: { oneOf: [{ type: 'number' }, { type: 'string' }] },
    properties: { oneOf: [{ type: 'null' }, { type: 'object' }] },
    geometry: { oneOf: [{ type: 'null' }, { $ref: 'https://geojson.org/schema/Geometry.json' }] },
    bbox: { type: 'array', minItems: 4, items: { type: 'number' } },
  },
};

const FILES: Record<string, string> = {
  'item-spec/json-schema/item.json': 'item',
  'item-spec/json-schema/basics.json': '',
  'item-spec/json-schema/datetime.json': '',
  'item-spec/json-schema/instrument.json': '',
  'item-spec/json-schema/licensing.json': '',
  'item-spec/json-schema/provider.json': '',
  'collection-spec/json-schema/collection.json': 'collection',
  'catalog-spec/json-schema/catalog.json': 'catalog',
};

let validators: Record<'item' | 'collection' | 'catalog', ValidateFunction> | undefined;

function load(): NonNullable<typeof validators> {
  if (validators) return validators;
  // the STAC schemas are draft-07; their $ref to the draft-07 meta-schema is ajv's own
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // draft-07's IRI formats, which ajv-formats leaves out: an absolute IRI, and any reference without spaces
  ajv.addFormat('iri', /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/u);
  ajv.addFormat('iri-reference', /^\S*$/u);
  ajv.addSchema(GEOJSON_GEOMETRY);
  ajv.addSchema(GEOJSON_FEATURE);
  const named: Partial<Record<string, ValidateFunction>> = {};
  for (const file of Object.keys(FILES)) {
    const schema = JSON.parse(fs.readFileSync(path.join(SCHEMAS, file), 'utf8')) as { $id?: string };
    // the files' $id ends with '#': their URL is the key refs use
    ajv.addSchema({ ...schema, $id: `${STAC_BASE}${file}` });
  }
  for (const [file, name] of Object.entries(FILES)) if (name) named[name] = ajv.getSchema(`${STAC_BASE}${file}`);
  validators = { item: named.item!, collection: named.collection!, catalog: named.catalog! };
  return validators;
}

/** The problems of a document against its STAC schema (an Item, a Collection or a Catalog by its `type`), none when valid. */
export function stacProblems(document: unknown): string[] {
  const type = (document as { type?: unknown } | null)?.type;
  const kind = type === 'Feature' ? 'item' : type === 'Collection' ? 'collection' : type === 'Catalog' ? 'catalog' : undefined;
  if (!kind) return [`not a STAC Item, Collection or Catalog (type ${JSON.stringify(type)})`];
  const validate = load()[kind];
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${kind}${error.instancePath} ${error.message ?? ''}`);
}

/**
 * Every STAC document of an answer: an Item, a Collection, the landing Catalog, an
 * ItemCollection's features, a collections list's collections. Returns the problems.
 */
export function stacAnswerProblems(answer: unknown): string[] {
  const value = answer as { type?: string; features?: unknown[]; collections?: unknown[] };
  if (value?.type === 'FeatureCollection')
    return (value.features ?? []).flatMap((feature, index) => stacProblems(feature).map((p) => `features/${index}: ${p}`));
  if (Array.isArray(value?.collections))
    return value.collections.flatMap((collection, index) => stacProblems(collection).map((p) => `collections/${index}: ${p}`));
  return stacProblems(answer);
}
