import type { FastifyInstance, FastifyReply } from 'fastify';
import { access, PUBLIC } from '../../platform/http/access.js';
import { loadUserDocs, renderDocsPage, type DocsPage } from './user-docs.js';

const MISSING_PAGE: DocsPage = { slug: '-', title: 'Page not found', html: '<h1>This page does not exist</h1><p>Pick a page from the list.</p>' };

/**
 * The user documentation at /docs/ (ARCHITECTURE.md, service URL contract): Markdown rendered to
 * HTML once at start-up. Pages, not operations: hidden from the OpenAPI document, like /asb/.
 */
export function registerDocsRoutes(app: FastifyInstance, options: { dir: string; instanceName: string }): void {
  const pages = loadUserDocs(options.dir);
  if (pages.length === 0) app.log.warn({ dir: options.dir }, 'no user documentation found: /docs/ answers 404');
  const rendered = new Map(pages.map((page) => [page.slug, renderDocsPage(pages, page, options.instanceName)]));
  const route = { config: access(PUBLIC), schema: { hide: true } };
  app.get('/docs', route, (_request, reply) => reply.redirect('/docs/'));
  const missing = pages.length > 0 ? renderDocsPage(pages, MISSING_PAGE, options.instanceName) : undefined;
  const send = (slug: string, reply: FastifyReply) => {
    const html = rendered.get(slug);
    if (html === undefined && missing === undefined) return reply.callNotFound();
    // pages change with a release: checked again at each visit
    return reply
      .code(html === undefined ? 404 : 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html ?? missing);
  };
  app.get('/docs/', route, (_request, reply) => send('', reply));
  app.get<{ Params: { page: string } }>('/docs/:page', route, (request, reply) => send(request.params.page, reply));
}
