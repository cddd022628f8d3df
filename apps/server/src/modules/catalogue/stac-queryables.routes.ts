import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAC_PREFIXES, stacOperations as operations, type StacPrefix } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { PUBLIC } from '../../platform/http/access.js';
import { notFound } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { itemPropertyTypes } from './queryables.repository.js';

const tags = ['catalogue'];
const READ = { ...PUBLIC, permission: 'catalogue collection: public, or its owner, staff or a member of a workspace it is shared with' };
const SCHEMA_MEDIA_TYPE = 'application/schema+json';

/** What every item has and cql2.ts filters on: the item's columns, its footprint and its times. */
const CORE = {
  id: { title: 'Item id', type: 'string' },
  collection: { title: 'Collection id', type: 'string' },
  geometry: { title: 'Footprint', $ref: 'https://geojson.org/schema/Geometry.json' },
  datetime: { title: 'Date and time', type: 'string', format: 'date-time' },
  start_datetime: { title: 'Start', type: 'string', format: 'date-time' },
  end_datetime: { title: 'End', type: 'string', format: 'date-time' },
};

/** A property's JSON Schema from the JSON types its values take (jsonb_typeof names JSON Schema's types; several: any of them). */
const propertySchema = (types: string[]): Record<string, unknown> => (types.length === 0 ? {} : { type: types.length === 1 ? types[0] : types });

/**
 * /queryables and /collections/{c}/queryables under both STAC prefixes (docs/catalogue.md
 * "Filter"): the filter conformance classes claim them. The catalogue's: the core properties,
 * any other property allowed (a filter may name any key of an item's properties). A
 * collection's: those and the properties its items have, with their JSON types.
 */
export function registerStacQueryables(app: FastifyInstance, ctx: AppContext): void {
  const document = (request: FastifyRequest, path: string, title: string, extra: Record<string, unknown>) => ({
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: `${publicBaseUrl(ctx.config, request)}${path}`,
    type: 'object' as const,
    title,
    properties: { ...CORE, ...extra },
    additionalProperties: true,
  });

  for (const prefix of STAC_PREFIXES) mountPrefix(prefix);

  function mountPrefix(p: StacPrefix): void {
    mount(app, operations, `GET ${p}/queryables`, { access: PUBLIC, tags }, (request, reply) => {
      reply.type(SCHEMA_MEDIA_TYPE);
      return document(request, `${p}/queryables`, `Queryables of ${ctx.config.instanceName} resource catalogue`, {});
    });

    mount(app, operations, `GET ${p}/collections/{c}/queryables`, { access: READ, tags }, async (request, reply) => {
      const { c } = request.params;
      if (!(await ctx.catalogue.canRead(request.principal, c))) throw notFound(`No collection "${c}".`);
      const found = await itemPropertyTypes(ctx.db, c);
      const properties = Object.fromEntries(
        [...found].filter(([key]) => !(key in CORE)).map(([key, types]) => [key, { title: key, ...propertySchema(types) }]),
      );
      reply.type(SCHEMA_MEDIA_TYPE);
      return document(request, `${p}/collections/${encodeURIComponent(c)}/queryables`, `Queryables of collection ${c}`, properties);
    });
  }
}
