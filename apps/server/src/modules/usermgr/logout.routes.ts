import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH, usermgrOperations as operations } from '@asb/contracts';
import { safeNext } from './oidc.state.js';
import { clearSessionCookie } from './session.js';
import { clearBrowserSession } from '../../platform/auth/browser-session.js';
import { PUBLIC } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';

/**
 * Local sign-in and logout (spec 1 §7 login redirects: /usermgr/cas/login, /usermgr/cas/logout):
 * sign-in is the portal's own login page (route cas:login), logout ends the browser session
 * and returns to the portal.
 */
export function registerLogoutRoutes(app: FastifyInstance): void {
  mount(app, operations, 'GET /usermgr/cas/login', { access: PUBLIC, tags: ['usermgr'] }, (request, reply) => {
    const next = safeNext(request.query.next);
    return reply.redirect(`${APP_BASE_PATH}cas/login${next === APP_BASE_PATH ? '' : `?${new URLSearchParams({ next }).toString()}`}`);
  });
  // a GET ends no token (another site could link here): the web client revoked it with POST logout/ first
  mount(app, operations, 'GET /usermgr/cas/logout', { access: PUBLIC, tags: ['usermgr'] }, (_request, reply) => {
    clearSessionCookie(reply);
    clearBrowserSession(reply);
    return reply.redirect(APP_BASE_PATH);
  });
}
