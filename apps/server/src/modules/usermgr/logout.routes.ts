import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, usermgrOperations as operations } from '@asb/contracts';
import { clearSessionCookie } from './session.js';
import { PUBLIC } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';

/** Local logout (spec 1 §7: /usermgr/cas/logout): ends the browser session and returns to the portal. */
export function registerLogoutRoutes(app: FastifyInstance): void {
  mount(app, operations, 'GET /usermgr/cas/logout', { access: PUBLIC, tags: ['usermgr'] }, (_request, reply) => {
    clearSessionCookie(reply);
    return reply.redirect(APP_BASE_PATH);
  });
}
