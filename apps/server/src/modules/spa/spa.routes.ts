import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { APP_BASE_PATH } from '@asb/contracts';
import { access, PUBLIC } from '../../platform/http/access.js';

/**
 * Serves the built SPA under /asb/ with history fallback; `/` redirects there. Pages, not
 * operations: hidden from the OpenAPI document.
 */
export async function registerSpaRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  app.get('/', { config: access(PUBLIC), schema: { hide: true } }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  app.get('/index', { config: access(PUBLIC), schema: { hide: true } }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built: /asb/ is not served (run npm run build)');
    return;
  }
  // serve: false: only reply.sendFile; the routes below serve the files, each declaring its access
  await app.register(fastifyStatic, { root: webDistDir, prefix: APP_BASE_PATH, index: false, serve: false });
  // cacheControl: false keeps the Cache-Control set here (send would write 'public, max-age=0')
  const sendIndex = (_request: unknown, reply: FastifyReply) => {
    // index.html must not be cached: it names the current hashed bundles.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  };
  app.get('/asb', { config: access(PUBLIC), schema: { hide: true } }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  app.get(APP_BASE_PATH, { config: access(PUBLIC), schema: { hide: true } }, sendIndex);
  app.get(`${APP_BASE_PATH}*`, { config: access(PUBLIC), schema: { hide: true } }, (request, reply) => {
    const relative = decodeURIComponent(request.url.slice(APP_BASE_PATH.length).split('?')[0] ?? '');
    const file = path.join(webDistDir, relative);
    if (relative && file.startsWith(webDistDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // hashed bundles never change; other files (icons) are checked again each time
      reply.header('Cache-Control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(relative, { cacheControl: false });
    }
    return sendIndex(request, reply);
  });
}
