import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pictureUrl } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d1e0d90000000049454e44ae426082',
  'hex',
);

/**
 * Issue 30 §6: published thumbnails were fetched by every visitor's browser from any http URL
 * (tracking, blind GETs into the visitor's network). The web shows them through
 * /api/thumbnail: the server fetches through its outbound guard, images only, at most 2 MB,
 * kept a while; the CSP lets pages load images from the portal only.
 */
describe('thumbnails through the server', () => {
  let app: TestApp;
  let peer: http.Server;
  let base = '';
  const hits: string[] = [];

  beforeAll(async () => {
    peer = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/pixel.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (request.url === '/script.svg')
        return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      if (request.url === '/page.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
      if (request.url === '/huge.png')
        return void response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    // the test's picture server is on loopback, which the guard refuses unless allowed
    app = await createTestApp({ outboundAllow: ['127.0.0.1/32'] });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => peer.close(resolve));
  });

  const picture = (url: string) => app.server.inject({ url: pictureUrl(url) });

  it('serves a picture at another address, signed out, as its bytes, and fetches it once for many visitors', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => picture(`${base}/pixel.png`)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await picture(`${base}/pixel.png`)).statusCode).toBe(200);
    expect(hits.filter((hit) => hit === '/pixel.png')).toHaveLength(1);
  });

  it.each([
    ['an SVG (it may hold script)', '/script.svg', 'is not a PNG, JPEG, GIF or WebP image'],
    ['a page called .png', '/page.png', 'is not a PNG, JPEG, GIF or WebP image'],
    ['a picture over 2 MB', '/huge.png', 'is larger than 2 MB'],
    ['a missing picture', '/gone.png', 'answered 404'],
  ])('refuses %s with a 404 that says why', async (_, path, reason) => {
    const answer = await picture(`${base}${path}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ detail: string }>().detail).toContain(reason);
  });

  it('fetches nothing from private, link-local or metadata addresses, nor what is not an http(s) URL', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/a.png', 'http://[::1]/a.png', 'http://0x7f000002/a.png']) {
      const answer = await picture(url);
      expect([answer.statusCode, answer.json<{ detail: string }>().detail], url).toEqual([404, `No picture: could not fetch ${url}.`]);
    }
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'http://[fe80::1%25eth0]/x.png']) {
      const answer = await app.server.inject({ url: `/api/thumbnail?url=${encodeURIComponent(url)}` });
      expect(answer.statusCode, url).toBe(400);
    }
  });

  it('leaves the portal’s own pictures and data: URLs as they are in the web', () => {
    expect(pictureUrl('/resource-catalogue/assets/c/i/thumb.png')).toBe('/resource-catalogue/assets/c/i/thumb.png');
    expect(pictureUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(pictureUrl('https://example.org/a b.png')).toBe('/api/thumbnail?url=https%3A%2F%2Fexample.org%2Fa%20b.png');
  });
});
