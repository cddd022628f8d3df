import { describe, expect, it } from 'vitest';
import { securityHeaders, tileOrigin } from './security-headers.js';

const imgSrcOf = (basemapUrl: string | null) => {
  const policy = securityHeaders({ basemapUrl }).contentSecurityPolicy;
  return (policy as { directives: { imgSrc: string[] } }).directives.imgSrc;
};

describe('the pages may show images from', () => {
  it("the portal only, with the shipped base map or the operator's tiles on this server", () => {
    expect(imgSrcOf(null)).toEqual(["'self'", 'data:', 'blob:']);
    expect(imgSrcOf('/tiles/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("the operator's tile server too (ASB_BASEMAP_URL), by its origin alone", () => {
    expect(imgSrcOf('https://tiles.example:8443/osm/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example:8443']);
    expect(tileOrigin('http://{a-c}.tiles.example/{z}/{x}/{y}.png')).toBe('http://*.tiles.example');
  });

  it('nothing more when the template smuggles other sources or directives (config.schema.ts refuses it first)', () => {
    expect(tileOrigin("https://tiles.example;script-src 'unsafe-inline'/{z}/{x}/{y}")).toBeUndefined();
    expect(tileOrigin('https://tiles.example *//{z}/{x}/{y}')).toBeUndefined();
  });
});
