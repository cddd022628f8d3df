import { z } from 'zod';
import { defineOperations } from './operation.js';

/** The portal's route for pictures that live elsewhere (docs/security.md "Thumbnails"). */
export const THUMBNAIL_ROUTE = '/api/thumbnail';

/**
 * Where the web shows a picture from: its own files and data: as they are, any other http(s)
 * href through the portal, so that no visitor's browser fetches a URL a publisher chose
 * (tracking, blind requests into the visitor's network) and the CSP's img-src stays the portal.
 */
export function pictureUrl(href: string): string {
  if (!/^https?:\/\//i.test(href)) return href;
  return `${THUMBNAIL_ROUTE}?url=${encodeURIComponent(href)}`;
}

export const thumbnailOperations = defineOperations({
  [`GET ${THUMBNAIL_ROUTE}`]: {
    summary:
      'A thumbnail or logo at an http(s) URL, fetched by the server through its outbound guard (public addresses only), at most 2 MB of PNG, JPEG, GIF or WebP, kept a while',
    query: z.object({ url: z.string().max(2000).describe('the picture’s http(s) URL') }),
    response: { file: 'image/png' },
  },
});
