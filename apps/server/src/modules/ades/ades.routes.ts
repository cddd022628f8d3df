import type { FastifyInstance } from 'fastify';
import { applicationOperations as operations } from '@asb/contracts';
import { SIGNED_IN, STAFF } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { adesInstanceOf, type AdesRegistry } from './ades-registry.js';

const tags = ['ades'];

/**
 * The ADES registry's calls (spec 3 §7 "available-ades"; docs/ades.md): everyone signed in
 * lists the instances (identifier and title: the Target Platform selector), staff see every
 * field and register, refresh and unregister them. Tokens are never answered.
 */
export function registerAdesRoutes(app: FastifyInstance, registry: AdesRegistry): void {
  mount(app, operations, 'GET /backend/v1/available-ades', { access: SIGNED_IN, tags }, async (request) => {
    const rows = await registry.list();
    if (request.principal.isStaff || request.principal.isSuperuser) return { data: rows.map(adesInstanceOf) };
    return { data: rows.map((row) => ({ identifier: row.identifier, title: row.title })) };
  });

  mount(app, operations, 'POST /backend/v1/available-ades/register', { access: STAFF, tags }, async (request, reply) => {
    const row = await registry.register(request.body.ades_url, request.body.token);
    request.log.info({ ades: row.identifier, url: row.url }, 'ADES registered');
    reply.status(201);
    return { data: adesInstanceOf(row) };
  });

  mount(app, operations, 'POST /backend/v1/available-ades/unregister', { access: STAFF, tags }, async (request) => {
    const row = await registry.unregister(request.body.ades_id);
    request.log.info({ ades: row.identifier }, 'ADES unregistered');
    return { message: `The ADES ${row.title} (${row.identifier}) is no longer registered.` };
  });

  mount(app, operations, 'POST /backend/v1/available-ades/refresh', { access: STAFF, tags }, async (request) => {
    return { data: adesInstanceOf(await registry.refresh(request.body.ades_id)) };
  });
}
