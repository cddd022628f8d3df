import { STAC_ID_RULE, isStacId } from '@asb/contracts';
import { z } from 'zod';

/**
 * The STAC core rules of a Catalog, Collection and Item (STAC 1.0 and 1.1: catalog-spec,
 * collection-spec, item-spec), checked before ingest writes anything (docs/catalogue.md
 * "Ingest"). Written here over the specification's text rather than loaded from its JSON
 * Schemas, so nothing is read at run time; the reasons are sentences an operator reads.
 * Extension fields pass (their schemas are not fetched), as in the core schemas.
 */

type StacKind = 'Catalog' | 'Collection' | 'Feature';

export interface Verdict {
  kind?: StacKind;
  /** readable reasons, each naming the field; empty when the document is valid */
  problems: string[];
}

// RFC 3339 date-time (STAC "datetime": "formatted according to RFC 3339, section 5.6")
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The time of an RFC 3339 date-time, or undefined when it is not one. */
export function rfc3339Time(value: string): number | undefined {
  if (!RFC3339.test(value)) return undefined;
  const time = Date.parse(value.replace(' ', 'T'));
  return Number.isNaN(time) ? undefined : time;
}

const dateTime = z.string().refine((value) => rfc3339Time(value) !== undefined, { message: 'is not an RFC 3339 date-time (e.g. 2024-01-31T10:00:00Z)' });

const stacVersion = z.string().regex(/^1\.[01]\.\d+(-[0-9A-Za-z.-]+)?$/, { message: 'is not a STAC 1.0 or 1.1 version' });
const extensions = z
  .array(z.string().min(1))
  .refine((values) => new Set(values).size === values.length, { message: 'lists an extension twice' })
  .optional();
// abort: an empty id is not also said to break the id rule
const id = z.string().trim().min(1, { message: 'is empty', abort: true });
/** a collection's or item's id becomes a path segment of the portal's links: the one rule of packages/contracts */
const writtenId = id.refine(isStacId, { message: `is not an id the portal writes (${STAC_ID_RULE})` });
const link = z.looseObject({ rel: z.string().min(1), href: z.string().min(1), type: z.string().optional(), title: z.string().optional() });
const asset = z.looseObject({
  href: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  type: z.string().optional(),
  roles: z.array(z.string()).optional(),
});
const assets = z.record(z.string(), asset);

type Position = number[];
const position = z.array(z.number()).min(2, { message: 'a position has at least two numbers' });
const ring = z
  .array(position)
  .min(4, { message: 'a linear ring has at least four positions' })
  .refine((positions) => positions.length === 0 || positions[0]!.every((value, index) => value === positions.at(-1)![index]), {
    message: 'a linear ring ends where it starts',
  });

const geometry: z.ZodType<unknown> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('Point'), coordinates: position }),
    z.looseObject({ type: z.literal('MultiPoint'), coordinates: z.array(position) }),
    z.looseObject({ type: z.literal('LineString'), coordinates: z.array(position).min(2) }),
    z.looseObject({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position).min(2)) }),
    z.looseObject({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
    z.looseObject({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
    z.looseObject({ type: z.literal('GeometryCollection'), geometries: z.array(geometry) }),
  ]),
);

/** A bbox: 2D [west, south, east, north] or 3D [west, south, min z, east, north, max z]; west > east crosses the antimeridian. */
const bbox = z
  .array(z.number())
  .refine((values) => values.length === 4 || values.length === 6, { message: 'has 4 (2D) or 6 (3D) numbers' })
  .superRefine((values, context) => {
    if (values.length !== 4 && values.length !== 6) return;
    const [west, south, east, north] = corners(values);
    if ([west, east].some((lon) => lon < -180 || lon > 180)) context.addIssue({ code: 'custom', message: 'has a longitude outside -180..180' });
    if ([south, north].some((lat) => lat < -90 || lat > 90)) context.addIssue({ code: 'custom', message: 'has a latitude outside -90..90' });
    if (south > north) context.addIssue({ code: 'custom', message: `has its south (${south}) above its north (${north})` });
    if (values.length === 6 && values[2]! > values[5]!) context.addIssue({ code: 'custom', message: 'has its lowest elevation above its highest' });
  });

/** [west, south, east, north] of a 2D or 3D bbox. */
export function corners(values: readonly number[]): [number, number, number, number] {
  return values.length === 6 ? [values[0]!, values[1]!, values[3]!, values[4]!] : [values[0]!, values[1]!, values[2]!, values[3]!];
}

const common = {
  stac_version: stacVersion,
  stac_extensions: extensions,
  id,
  title: z.string().optional(),
  links: z.array(link),
};

const catalog = z.looseObject({ type: z.literal('Catalog'), ...common, description: z.string() });

const collection = z.looseObject({
  type: z.literal('Collection'),
  ...common,
  id: writtenId,
  description: z.string(),
  license: z.string().min(1),
  keywords: z.array(z.string()).optional(),
  providers: z.array(z.looseObject({ name: z.string(), roles: z.array(z.string()).optional(), url: z.string().optional() })).optional(),
  extent: z.object({
    spatial: z.looseObject({ bbox: z.array(bbox).min(1, { message: 'has at least one bbox' }) }),
    temporal: z.looseObject({
      interval: z
        .array(
          z
            .tuple([dateTime.nullable(), dateTime.nullable()])
            .refine(([start, end]) => start === null || end === null || rfc3339Time(start)! <= rfc3339Time(end)!, { message: 'starts after it ends' }),
        )
        .min(1, { message: 'has at least one interval' }),
    }),
  }),
  summaries: z.record(z.string(), z.unknown()).optional(),
  assets: assets.optional(),
});

const item = z
  .looseObject({
    type: z.literal('Feature'),
    ...common,
    id: writtenId,
    geometry: geometry.nullable(),
    bbox: bbox.optional(),
    properties: z.looseObject({ datetime: dateTime.nullable(), start_datetime: dateTime.optional(), end_datetime: dateTime.optional() }),
    assets,
    collection: z.string().min(1).optional(),
  })
  .superRefine((value, context) => {
    const properties = value.properties;
    if (properties.datetime === null && (properties.start_datetime === undefined || properties.end_datetime === undefined))
      context.addIssue({ code: 'custom', path: ['properties'], message: 'datetime is null, so start_datetime and end_datetime are required' });
    if (
      properties.start_datetime !== undefined &&
      properties.end_datetime !== undefined &&
      rfc3339Time(properties.start_datetime)! > rfc3339Time(properties.end_datetime)!
    )
      context.addIssue({ code: 'custom', path: ['properties', 'start_datetime'], message: 'is after end_datetime' });
    if (value.geometry !== null && value.bbox === undefined)
      context.addIssue({ code: 'custom', path: ['bbox'], message: 'is required when geometry is not null' });
    if (value.collection === undefined && value.links.some((entry) => entry.rel === 'collection'))
      context.addIssue({ code: 'custom', path: ['collection'], message: 'is required when a link with rel "collection" is present' });
    if (value.geometry !== null && value.bbox !== undefined && (value.bbox.length === 4 || value.bbox.length === 6)) {
      const outside = positionOutside(value.geometry, corners(value.bbox));
      if (outside) context.addIssue({ code: 'custom', path: ['geometry'], message: `reaches outside the bbox (at [${outside.join(', ')}])` });
    }
  });

/** Degrees a position may stray past its bbox (coordinates rounded differently in the two). */
const BBOX_TOLERANCE = 1e-6;

/** The first position of a geometry outside [west, south, east, north], or undefined. */
function positionOutside(value: unknown, [west, south, east, north]: [number, number, number, number]): Position | undefined {
  const inside = (position: Position) => {
    const [lon, lat] = position as [number, number];
    const inLat = lat >= south - BBOX_TOLERANCE && lat <= north + BBOX_TOLERANCE;
    // west > east: the box crosses the antimeridian
    const inLon = west <= east ? lon >= west - BBOX_TOLERANCE && lon <= east + BBOX_TOLERANCE : lon >= west - BBOX_TOLERANCE || lon <= east + BBOX_TOLERANCE;
    return inLat && inLon;
  };
  for (const position of positions(value)) if (!inside(position)) return position;
  return undefined;
}

function* positions(value: unknown): Generator<Position> {
  const shape = value as { type: string; coordinates?: unknown; geometries?: unknown[] };
  if (shape.type === 'GeometryCollection') {
    for (const part of shape.geometries ?? []) yield* positions(part);
    return;
  }
  const walk = function* (node: unknown): Generator<Position> {
    if (Array.isArray(node) && typeof node[0] === 'number') yield node as Position;
    else if (Array.isArray(node)) for (const child of node) yield* walk(child);
  };
  yield* walk(shape.coordinates);
}

const schemas = { Catalog: catalog, Collection: collection, Feature: item } as const;

const where = (path: readonly PropertyKey[]) => (path.length === 0 ? 'the document' : path.map(String).join('.'));

/** The STAC core verdict on one parsed JSON document. */
export function validateStac(document: unknown): Verdict {
  if (!document || typeof document !== 'object' || Array.isArray(document)) return { problems: ['is not a JSON object'] };
  const type = (document as { type?: unknown }).type;
  if (type !== 'Catalog' && type !== 'Collection' && type !== 'Feature')
    return { problems: [`type ${JSON.stringify(type ?? null)} is not a STAC type (Catalog, Collection or Feature)`] };
  const result = schemas[type].safeParse(document);
  if (result.success) return { kind: type, problems: [] };
  const problems = result.error.issues.map((issue) => `${where(issue.path)} ${readable(issue)}`);
  return { kind: type, problems: [...new Set(problems)] };
}

function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') return 'has no GeoJSON geometry type';
  if (issue.code === 'too_small' && issue.origin === 'array') return `has fewer than ${String(issue.minimum)} entries`;
  if (issue.code === 'too_small' && issue.origin === 'string') return 'is empty';
  if (issue.code === 'invalid_value') return `must be ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`;
  return issue.message;
}

const article = (type: string) => (type === 'array' || type === 'object' ? `an ${type}` : type === 'null' ? 'null' : `a ${type}`);
