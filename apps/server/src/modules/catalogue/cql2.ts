import { sql, type SQL } from 'drizzle-orm';
import { DocumentRefused, MAX_DEPTH } from '../../platform/documents/document-limits.js';
import { checkValueLimits } from '../../platform/documents/value-limits.js';
import { catalogueItems as items } from './catalogue.schema.js';
import {
  CatalogueInputError,
  checkBbox,
  checkGeometry,
  parseDatetime,
  parseInstant,
  spatialOfBbox,
  spatialOfGeometry,
  type Interval,
  type SpatialQuery,
} from './catalogue-geometry.js';

/**
 * CQL2-JSON (OGC 21-065, the STAC filter extension) to SQL, by hand and parameterised: every
 * value of the filter is a bound parameter, property names are bound as JSON keys. What it
 * understands (docs/catalogue.md "Filter"): and, or, not; =, <>, <, <=, >, >=, isNull; like;
 * in; between; s_intersects (a geometry or {bbox}); t_intersects (an instant or an interval).
 * Anything else is a 400 naming `filter`.
 */
export interface FilterContext {
  /** the SQL of an item's spatial test */
  spatial(query: SpatialQuery): SQL;
  /** the SQL of an item's time test */
  temporal(interval: Interval): SQL;
}

const PARAMETER = 'filter';
function fail(message: string): never {
  throw new CatalogueInputError(PARAMETER, `filter: ${message}`);
}

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A filter is a query a person or a client writes: a few dozen values. Each value becomes a
 * bound parameter of the SQL the embedded database plans on the event loop, so a filter of
 * a hundred thousand is refused (docs/security.md "Request limits").
 */
const FILTER_LIMITS = { maxDepth: MAX_DEPTH, maxValues: 10_000 };

function checkFilterLimits(filter: unknown): void {
  try {
    checkValueLimits(filter, FILTER_LIMITS, 'The filter');
  } catch (error) {
    if (error instanceof DocumentRefused) fail(error.message);
    throw error;
  }
}

/** The filter of a GET search: CQL2-JSON text. */
export function parseFilterText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail('not valid JSON (only filter-lang=cql2-json is understood).');
  }
}

export function checkFilterLang(lang: string | undefined): void {
  if (lang !== undefined && lang !== 'cql2-json') throw new CatalogueInputError('filter-lang', `filter-lang "${lang}" is not supported: use cql2-json.`);
}

/** A property of an item: a column, or a key of its properties. */
type Property =
  { kind: 'column'; name: 'id' | 'collection' } | { kind: 'time'; name: 'datetime' | 'start_datetime' | 'end_datetime' } | { kind: 'json'; key: string };

function propertyOf(node: unknown): Property | undefined {
  if (!isObject(node) || typeof node.property !== 'string') return undefined;
  const name = node.property.startsWith('properties.') ? node.property.slice('properties.'.length) : node.property;
  if (name === '') fail('an empty property name.');
  if (name === 'id' || name === 'collection') return { kind: 'column', name };
  if (name === 'datetime' || name === 'start_datetime' || name === 'end_datetime') return { kind: 'time', name };
  return { kind: 'json', key: name };
}

const jsonOf = (key: string): SQL => sql`(${items.properties} -> ${key}::text)`;
const columnOf = (name: 'id' | 'collection'): SQL => (name === 'id' ? sql`${items.id}` : sql`${items.collectionId}`);
const timeColumn = (name: 'datetime' | 'start_datetime' | 'end_datetime'): SQL =>
  name === 'datetime' ? sql`${items.datetime}` : name === 'start_datetime' ? sql`${items.startAt}` : sql`${items.endAt}`;

type Literal = string | number | boolean | { timestamp: string } | { date: string };

function literalOf(node: unknown): Literal | undefined {
  if (typeof node === 'string' || typeof node === 'boolean') return node;
  if (typeof node === 'number' && Number.isFinite(node)) return node;
  if (isObject(node) && typeof node.timestamp === 'string') return { timestamp: node.timestamp };
  if (isObject(node) && typeof node.date === 'string') return { date: node.date };
  return undefined;
}

function instantOf(literal: Literal): Date {
  const text = typeof literal === 'string' ? literal : typeof literal === 'object' ? ('timestamp' in literal ? literal.timestamp : literal.date) : undefined;
  const instant = text === undefined ? undefined : parseInstant(text, { dates: 'start' });
  return instant ?? fail(`${JSON.stringify(literal)} is not a timestamp.`);
}

const OPERATORS: Record<string, SQL> = { '=': sql`=`, '<>': sql`<>`, '<': sql`<`, '<=': sql`<=`, '>': sql`>`, '>=': sql`>=` };
const FLIPPED: Record<string, string> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

function compare(op: string, property: Property, literal: Literal): SQL {
  const operator = OPERATORS[op]!;
  if (property.kind === 'time') return sql`${timeColumn(property.name)} ${operator} ${instantOf(literal).toISOString()}::timestamptz`;
  if (property.kind === 'column') {
    if (typeof literal !== 'string') fail(`${property.name} compares with text.`);
    return sql`${columnOf(property.name)} ${operator} ${literal as string}`;
  }
  const value = jsonOf(property.key);
  if (typeof literal === 'object') {
    // a timestamp of another property (created, updated…): compared as RFC 3339 text in UTC
    const instant = instantOf(literal).toISOString();
    return sql`(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${value} #>> '{}' END) ${operator} ${instant}`;
  }
  if (op === '=') return sql`${items.properties} @> ${JSON.stringify({ [property.key]: literal })}::jsonb`;
  if (typeof literal === 'boolean') {
    if (op !== '<>') fail(`${op} does not compare with true or false.`);
    return sql`${value} <> ${JSON.stringify(literal)}::jsonb`;
  }
  if (typeof literal === 'number') return sql`(CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${value})::numeric END) ${operator} ${literal}::numeric`;
  return sql`(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${value} #>> '{}' END) ${operator} ${literal}`;
}

function args(node: Node, count?: number): unknown[] {
  const list = node.args;
  if (!Array.isArray(list)) return fail(`"${String(node.op)}" needs args.`);
  if (count !== undefined && list.length !== count) fail(`"${String(node.op)}" takes ${count} arguments.`);
  return list;
}

function comparison(node: Node, op: string): SQL {
  const [a, b] = args(node, 2);
  const left = propertyOf(a);
  const right = propertyOf(b);
  if (left && !right) return compare(op, left, literalOf(b) ?? fail(`the value of "${op}" must be text, a number, true/false or a timestamp.`));
  if (right && !left) return compare(FLIPPED[op]!, right, literalOf(a) ?? fail(`the value of "${op}" must be text, a number, true/false or a timestamp.`));
  return fail(`"${op}" compares one property with one value.`);
}

function spatialArgument(node: unknown): SpatialQuery {
  if (isObject(node) && Array.isArray(node.bbox)) {
    try {
      return spatialOfBbox(checkBbox(node.bbox, PARAMETER));
    } catch (error) {
      return fail(error instanceof Error ? error.message.replace(/^filter:?\s*/, '') : 'a bad bbox.');
    }
  }
  if (isObject(node) && typeof node.type === 'string') {
    try {
      return spatialOfGeometry(checkGeometry(node, PARAMETER));
    } catch (error) {
      return fail(error instanceof Error ? error.message.replace(/^filter:?\s*/, '') : 'a bad geometry.');
    }
  }
  return fail('s_intersects takes a GeoJSON geometry or {"bbox": [...]}.');
}

function temporalArgument(node: unknown): Interval {
  if (isObject(node) && Array.isArray(node.interval)) {
    const [start, end] = node.interval as unknown[];
    if (node.interval.length !== 2) fail('an interval has two ends.');
    const text = (value: unknown) =>
      value === '..'
        ? '..'
        : typeof value === 'string'
          ? value
          : isObject(value) && typeof (value.timestamp ?? value.date) === 'string'
            ? String(value.timestamp ?? value.date)
            : fail('an interval end must be a timestamp, a date or "..".');
    try {
      return parseDatetime(`${text(start)}/${text(end)}`, PARAMETER, { dates: true });
    } catch (error) {
      return fail(error instanceof Error ? error.message.replace(/^filter:?\s*/, '') : 'a bad interval.');
    }
  }
  const literal = literalOf(node);
  if (literal === undefined || typeof literal === 'number' || typeof literal === 'boolean')
    return fail('t_intersects takes a timestamp, a date or an interval.');
  const instant = instantOf(literal);
  return { start: instant, end: isObject(node) && typeof node.date === 'string' ? (parseInstant(node.date, { dates: 'end' }) ?? instant) : instant };
}

function isSpatialProperty(node: unknown): boolean {
  return isObject(node) && (node.property === 'geometry' || node.property === 'footprint');
}
function isTemporalProperty(node: unknown): boolean {
  const property = propertyOf(node);
  return property?.kind === 'time';
}

/** The SQL condition of a CQL2-JSON filter. */
export function filterToSql(filter: unknown, context: FilterContext, depth = 0): SQL {
  if (depth === 0) checkFilterLimits(filter);
  if (depth > 50) fail('nested too deeply.');
  if (filter === true) return sql`TRUE`;
  if (filter === false) return sql`FALSE`;
  if (!isObject(filter) || typeof filter.op !== 'string') return fail('every expression must be an object with "op" and "args".');
  const op = filter.op;
  switch (op) {
    case 'and':
    case 'or': {
      const parts = args(filter);
      if (parts.length === 0) fail(`"${op}" needs at least one argument.`);
      const conditions = parts.map((part) => filterToSql(part, context, depth + 1));
      return sql`(${sql.join(conditions, op === 'and' ? sql` AND ` : sql` OR `)})`;
    }
    case 'not': {
      const [inner] = args(filter, 1);
      return sql`(NOT COALESCE(${filterToSql(inner, context, depth + 1)}, FALSE))`;
    }
    case '=':
    case '<>':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return comparison(filter, op);
    case 'isNull': {
      const [target] = args(filter, 1);
      const property = propertyOf(target) ?? fail('isNull takes a property.');
      if (property.kind === 'column') return sql`FALSE`;
      const key = property.kind === 'time' ? property.name : property.key;
      return sql`(${jsonOf(key)} IS NULL OR jsonb_typeof(${jsonOf(key)}) = 'null')`;
    }
    case 'like': {
      const [target, pattern] = args(filter, 2);
      const property = propertyOf(target) ?? fail('like takes a property and a pattern.');
      if (typeof pattern !== 'string') fail('the pattern of like is text.');
      if (property.kind === 'time') fail('like compares text.');
      const value =
        property.kind === 'column'
          ? columnOf(property.name)
          : sql`(CASE WHEN jsonb_typeof(${jsonOf(property.key)}) = 'string' THEN ${jsonOf(property.key)} #>> '{}' END)`;
      return sql`${value} LIKE ${pattern as string}`;
    }
    case 'in': {
      const [target, list] = args(filter, 2);
      const property = propertyOf(target) ?? fail('in takes a property and a list.');
      if (!Array.isArray(list) || list.length === 0) fail('the second argument of in is a non-empty list.');
      const conditions = (list as unknown[]).map((item) =>
        compare('=', property, literalOf(item) ?? fail('the values of in are text, numbers, true/false or timestamps.')),
      );
      return sql`(${sql.join(conditions, sql` OR `)})`;
    }
    case 'between': {
      const [target, low, high] = args(filter, 3);
      const property = propertyOf(target) ?? fail('between takes a property and two values.');
      const bound = (value: unknown) => literalOf(value) ?? fail('the bounds of between are numbers or timestamps.');
      return sql`(${compare('>=', property, bound(low))} AND ${compare('<=', property, bound(high))})`;
    }
    case 's_intersects': {
      const [a, b] = args(filter, 2);
      if (isSpatialProperty(a)) return context.spatial(spatialArgument(b));
      if (isSpatialProperty(b)) return context.spatial(spatialArgument(a));
      return fail('s_intersects takes {"property": "geometry"} and a geometry.');
    }
    case 't_intersects': {
      const [a, b] = args(filter, 2);
      if (isTemporalProperty(a)) return context.temporal(temporalArgument(b));
      if (isTemporalProperty(b)) return context.temporal(temporalArgument(a));
      return fail('t_intersects takes {"property": "datetime"} and a timestamp or an interval.');
    }
    default:
      return fail(`the operator "${op}" is not supported (and, or, not, =, <>, <, <=, >, >=, isNull, like, in, between, s_intersects, t_intersects).`);
  }
}
