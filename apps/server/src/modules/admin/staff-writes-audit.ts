import { ADMIN_SERVICES } from '@asb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { adminAudit } from './admin-audit.schema.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** an admin route wrote its own, richer entry: the central hook adds none */
    isAudited: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing in and out change nothing of anyone's data. */
const NOT_WRITES = new Set(['POST /usermgr/v1/token/', 'POST /usermgr/v1/logout/']);
/** A search sent as POST (STAC, products) reads. */
const POSTED_SEARCH = /\/search\/?$/;
/** A path parameter that is a credential (a schedule's trigger token) is not written down. */
const SECRET_PARAM = /token|secret|password/i;
/** Paths outside the admin's service names, filed under the tab that shows their kind of data. */
const SERVICE_OF_SEGMENT: Record<string, string> = {
  'resource-catalogue': 'backend',
  ogcapi: 'backend',
  cog: 'backend',
  procimp: 'resmgr',
  keystore: 'usermgr',
};
/** The ids an answer names, read from at most this much of it (never the rest of the body). */
const ID_SCAN_LIMIT = 1024 * 1024;

export type AuditEntry = Omit<typeof adminAudit.$inferInsert, 'id' | 'at'>;

/** Writes one entry and marks the request as audited. */
export async function writeAudit(ctx: AppContext, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(adminAudit).values(entry);
  request.isAudited = true;
}

function serviceOf(route: string): string {
  const segment = route.split('/')[1] ?? '';
  if ((ADMIN_SERVICES as readonly string[]).includes(segment)) return segment;
  return SERVICE_OF_SEGMENT[segment] ?? segment;
}

/** The id (and identifier) of what a create answered, when its answer is JSON that names one. */
function answeredIds(payload: unknown, contentType: unknown): { id?: string; identifier?: string } {
  if (typeof payload !== 'string' || payload.length > ID_SCAN_LIMIT || !String(contentType ?? '').includes('json')) return {};
  try {
    const body = JSON.parse(payload) as { id?: unknown; identifier?: unknown; data?: { id?: unknown; attributes?: { identifier?: unknown } } };
    const named = body.data && !Array.isArray(body.data) ? { id: body.data.id, identifier: body.data.attributes?.identifier } : body;
    return {
      ...(typeof named.id === 'string' || typeof named.id === 'number' ? { id: String(named.id) } : {}),
      ...(typeof named.identifier === 'string' ? { identifier: named.identifier } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Every successful write by staff or a superuser, anywhere in the API, goes to the audit log
 * (docs/admin.md "Audit log"): the method and route, the ids of its path or of what it created,
 * the status. Never a body: bodies hold passwords and secrets. Written before the answer leaves,
 * so whoever reads the log after the answer sees the entry.
 */
export function registerStaffWritesAudit(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('isAudited', false);
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (!principal || !(principal.isStaff || principal.isSuperuser) || request.isAudited) return payload;
    if (!UNSAFE.has(request.method) || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    // the route as the API document names it: /usermgr/v1/users/{username}/
    const route = request.routeOptions.url?.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
    if (!route || NOT_WRITES.has(`${request.method} ${route}`) || POSTED_SEARCH.test(route)) return payload;
    const params = Object.entries((request.params ?? {}) as Record<string, unknown>)
      .filter(([name]) => !SECRET_PARAM.test(name))
      .map(([, value]) => String(value));
    const answered = answeredIds(payload, reply.getHeader('content-type'));
    try {
      await writeAudit(ctx, request, {
        actor: principal.username,
        action: 'write',
        service: serviceOf(route),
        type: `${request.method} ${route}`,
        resourceId: params.length > 0 ? params.join('/') : (answered.id ?? ''),
        identifier: answered.identifier ?? '',
        changes: { status: reply.statusCode },
      });
    } catch (error) {
      // the write is done: a failed entry must not turn its answer into an error, but it is reported
      request.log.error({ err: error, route }, 'audit log: a staff write could not be recorded');
    }
    return payload;
  });
}
