import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import type { CatalogueUrls } from './catalogue-documents.js';
import { CatalogueInputError } from './catalogue-geometry.js';

const FORMATS = new Set(['json', 'geojson', 'application/json', 'application/geo+json']);

/** `f`: JSON is the one format (f=json, f=JSON, f=geojson). */
export function checkFormat(f: string | undefined): void {
  if (f !== undefined && !FORMATS.has(f.toLowerCase())) throw new CatalogueInputError('f', `f "${f}" is not supported: the catalogue answers json.`);
}

/** The URLs of an answer: the portal's public origin and the STAC root of the prefix asked. */
export function urlsOf(ctx: AppContext, request: FastifyRequest, prefix: string): CatalogueUrls {
  const base = publicBaseUrl(ctx.config, request);
  return { base, root: `${base}${prefix}` };
}
