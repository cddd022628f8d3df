import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The security headers of every answer, pages and API alike (docs/security.md "Security
 * headers"), set by @fastify/helmet. The web app loads only its own scripts (Vite emits no
 * inline script), so `script-src 'self'`; styles may be inline (Mantine writes its CSS
 * variables into a style element, components set style attributes). Images are the
 * server's own, data: (icons) and blob: (downloads, map canvases): thumbnails and logos at
 * other addresses come through the server's /api/thumbnail, so no visitor's browser fetches
 * a URL a publisher chose. No page may be framed.
 */
export const SECURITY_HEADERS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // the operator's TLS proxy decides about HSTS: a portal on plain http (the defaults) must not pin it
  strictTransportSecurity: false,
};
