import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH } from '@asb/contracts';
import { clearSessionCookie } from './session.js';
import { access, PUBLIC } from '../../platform/http/access.js';

/** Local logout (spec 1 §7: /usermgr/cas/logout): ends the browser session and returns to the portal. */
export function registerLogoutRoutes(app: FastifyInstance): void {
  app.get('/usermgr/cas/logout', { config: access(PUBLIC) }, (_request, reply) => {
    clearSessionCookie(reply);
    return reply.redirect(APP_BASE_PATH);
  });
}
