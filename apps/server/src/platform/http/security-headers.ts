import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The origin of the operator's base map tiles (ASB_BASEMAP_URL, checked by config.schema.ts),
 * as a CSP source: `https://{a-c}.tiles.example/…` is `https://*.tiles.example`; none for a
 * path of this server.
 */
export function tileOrigin(basemapUrl: string | null): string | undefined {
  const match = basemapUrl ? /^(https?:\/\/)(\{[a-z0-9-]+\}\.)?([a-z0-9.-]+(:\d+)?)\//i.exec(basemapUrl) : null;
  if (!match) return undefined;
  return `${match[1]}${match[2] ? '*.' : ''}${match[3]}`;
}

/**
 * The security headers of every answer, pages and API alike (docs/security.md "Security
 * headers"), set by @fastify/helmet. The web app loads only its own scripts (Vite emits no
 * inline script), so `script-src 'self'`; styles may be inline (Mantine writes its CSS
 * variables into a style element, components set style attributes). Images are the
 * server's own, data: (icons) and blob: (downloads, map canvases), and the base map tiles of
 * the operator's tile server when ASB_BASEMAP_URL names one: thumbnails and logos at other
 * addresses come through the server's /api/thumbnail, so no visitor's browser fetches a URL a
 * publisher chose. No page may be framed.
 */
export function securityHeaders({ basemapUrl }: { basemapUrl: string | null }): FastifyHelmetOptions {
  const tiles = tileOrigin(basemapUrl);
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
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
}
