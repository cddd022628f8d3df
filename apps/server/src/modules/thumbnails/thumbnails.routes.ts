import { THUMBNAIL_ROUTE, thumbnailOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { PUBLIC } from '../../platform/http/access.js';
import { detailError } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { ThumbnailCache } from './thumbnail-cache.js';

/** Signed out too: the marketplace and public catalogues show their thumbnails to visitors. */
const PICTURES = { ...PUBLIC, permission: 'anyone: pictures at public addresses only, through the outbound guard' };

/** GET /api/thumbnail?url=: the web's thumbnails and logos at other addresses, through the server (docs/security.md "Thumbnails"). */
export function registerThumbnailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = new ThumbnailCache(ctx.outbound);
  mount(app, operations, `GET ${THUMBNAIL_ROUTE}`, { access: PICTURES, tags: ['instance'] }, async (request, reply) => {
    const { url } = request.query;
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw detailError(400, 'url must be an http:// or https:// URL.');
    const picture = await cache.get(url);
    if (picture === 'busy') throw detailError(429, 'Too many pictures are being fetched: try again in a moment.');
    if ('refused' in picture) throw detailError(404, `No picture: ${picture.refused}.`);
    return reply
      .header('content-type', picture.type)
      .header('cache-control', 'public, max-age=600')
      .header('content-security-policy', "default-src 'none'")
      .send(picture.bytes);
  });
}
