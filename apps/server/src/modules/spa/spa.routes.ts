import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH } from '@asb/contracts';
import { access, PUBLIC } from '../../platform/http/access.js';

/** Serves the built SPA under /asb/ with history fallback; `/` redirects there. */
export async function registerSpaRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  app.get('/', { config: access(PUBLIC) }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  app.get('/index', { config: access(PUBLIC) }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built: /asb/ is not served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, { root: webDistDir, prefix: APP_BASE_PATH, index: false, wildcard: false });
  const sendIndex = (_request: unknown, reply: { header(k: string, v: string): unknown; sendFile(f: string): unknown }) => {
    // index.html must not be cached: it names the current hashed bundles.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/asb', { config: access(PUBLIC) }, (_request, reply) => reply.redirect(APP_BASE_PATH));
  app.get(APP_BASE_PATH, { config: access(PUBLIC) }, sendIndex);
  app.get(`${APP_BASE_PATH}*`, { config: access(PUBLIC) }, (request, reply) => {
    const relative = decodeURIComponent(request.url.slice(APP_BASE_PATH.length).split('?')[0] ?? '');
    const file = path.join(webDistDir, relative);
    if (relative && file.startsWith(webDistDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      if (relative.startsWith('assets/')) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.sendFile(relative);
    }
    return sendIndex(request, reply);
  });
}
