import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { APP_BASE_PATH } from '@asb/contracts';
import { access, PUBLIC } from '../../platform/http/access.js';

/** Hashed bundles never change: a browser keeps them a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files of the build that are never served: source maps (kept in the build for the bundle checks,
 * apps/web/build-checks, not for the public) and the pre-compressed copies, which are only sent in
 * place of their original when the browser accepts the encoding.
 */
function isPrivateBuildFile(relative: string): boolean {
  return /\.(map|br|gz)$/.test(relative) || relative === '.vite' || relative.startsWith('.vite/');
}

/**
 * Serves the built SPA under /asb/ with history fallback; `/` redirects there. Pages, not
 * operations: hidden from the OpenAPI document. Assets go out pre-compressed (brotli or gzip,
 * made by the web build) when the browser accepts it; index.html and every page answer with
 * no-cache, so a new release is seen at the next load.
 */
export async function registerSpaRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  app.get('/', { config: access(PUBLIC), schema: { hide: true } }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  app.get('/index', { config: access(PUBLIC), schema: { hide: true } }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built: /asb/ is not served (run npm run build)');
    return;
  }
  // serve: false: only reply.sendFile; the routes below serve the files, each declaring its access.
  // preCompressed: sendFile answers `x.js.br` / `x.js.gz` for `x.js` when accepted (Vary: Accept-Encoding).
  await app.register(fastifyStatic, { root: webDistDir, prefix: APP_BASE_PATH, index: false, serve: false, preCompressed: true });
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
    if (isPrivateBuildFile(relative)) return reply.callNotFound();
    const file = path.join(webDistDir, relative);
    if (relative && file.startsWith(webDistDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // hashed bundles never change; other files (icons) are checked again each time
      reply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      return reply.sendFile(relative, { cacheControl: false });
    }
    // an asset that is not there is a 404, not the page: a stale page asking for an old chunk sees the failure
    if (relative.startsWith('assets/')) return reply.callNotFound();
    return sendIndex(request, reply);
  });
}
