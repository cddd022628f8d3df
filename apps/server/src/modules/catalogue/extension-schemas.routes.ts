import type { FastifyInstance } from 'fastify';
import { extensionSchemaOperations as operations } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { needs } from '../../platform/http/access.js';
import { detailError } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { OutboundFetchError } from '../../platform/outbound/outbound-fetch.js';
import { ExtensionSchemaError, ExtensionSchemas } from './extension-schemas.js';

/** Signed in only: the server fetches what the caller names, so strangers may not make it fetch. */
const ACCESS = needs('signed in: any user (the fetch goes through the outbound guard)');

/** The item pages' Extensions tab reads the schemas an item lists through this (docs/marketplace.md "Extension schemas"). */
export function registerExtensionSchemas(app: FastifyInstance, ctx: AppContext): void {
  const schemas = new ExtensionSchemas(ctx.outbound);
  mount(app, operations, 'GET /resource-catalogue/extension-schema', { access: ACCESS, tags: ['catalogue'] }, async (request) => {
    try {
      return { data: await schemas.get(request.query.url) };
    } catch (error) {
      if (error instanceof ExtensionSchemaError) throw detailError(422, `The schema ${request.query.url} could not be read: ${error.message}.`);
      if (error instanceof OutboundFetchError) throw detailError(422, `The schema could not be read: ${error.message}.`);
      throw error;
    }
  });
}
