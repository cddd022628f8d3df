import type { FastifyInstance } from 'fastify';
import { STAC_PREFIXES } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';

const GEOJSON = 'application/geo+json';
const JSON_TYPE = 'application/json';

/** The routes whose answer is a Feature or a FeatureCollection (OGC API – Features /req/geojson/content). */
const FEATURE_ROUTES = new Set(STAC_PREFIXES.flatMap((prefix) => [`${prefix}/collections/:c/items`, `${prefix}/collections/:c/items/:i`, `${prefix}/search`]));

interface Range {
  type: string;
  q: number;
}

/** The media ranges of an Accept header with their weights (RFC 9110 §12.5.1). */
function rangesOf(accept: string): Range[] {
  return accept.split(',').flatMap((part) => {
    const [type, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!type) return [];
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return [{ type, q: Number.isFinite(weight) ? weight : 0 }];
  });
}

/** The weight `ranges` give `type`: the most specific range that matches it decides. */
function weightOf(ranges: Range[], type: string): number {
  const [major] = type.split('/');
  for (const candidate of [type, `${major}/*`, '*/*']) {
    const range = ranges.find((item) => item.type === candidate);
    if (range) return range.q;
  }
  return 0;
}

/**
 * The media type of a feature answer by the caller's Accept (docs/catalogue.md "Media
 * types"): GeoJSON (`application/geo+json`) unless only plain JSON is asked for; a caller
 * that accepts neither gets a 406 naming both. The body is the same JSON either way.
 */
function featureMediaType(accept: string | undefined): string {
  if (accept === undefined || accept.trim() === '') return GEOJSON;
  const ranges = rangesOf(accept);
  const geojson = weightOf(ranges, GEOJSON);
  const json = weightOf(ranges, JSON_TYPE);
  if (geojson === 0 && json === 0) throw detailError(406, `The answer is ${GEOJSON} or ${JSON_TYPE}: the Accept header "${accept}" takes neither.`);
  return geojson >= json ? GEOJSON : JSON_TYPE;
}

/**
 * Items and ItemCollections are GeoJSON: their answers get the media type the caller
 * accepts, checked before the handler runs (a 406 then does no work).
 */
export function registerFeatureMediaTypes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (FEATURE_ROUTES.has(request.routeOptions.url ?? '') && (request.method === 'GET' || request.method === 'POST')) featureMediaType(request.headers.accept);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!FEATURE_ROUTES.has(request.routeOptions.url ?? '') || reply.statusCode !== 200) return payload;
    if (request.method !== 'GET' && request.method !== 'POST') return payload;
    reply.header('content-type', `${featureMediaType(request.headers.accept)}; charset=utf-8`);
    return payload;
  });
}
