import { OGC_CONFORMANCE, OGC_REL } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import type { OutboundFetch, OutboundRequest } from '../../platform/outbound/outbound-fetch.js';
import { probeAdes } from './ades-probe.js';

/** A fake outbound guard answering `pages` by URL and recording each request's authorization header. */
function outboundOf(pages: Record<string, unknown>) {
  const seen: { url: string; authorization?: string }[] = [];
  const outbound = {
    async fetch(url: string, request: OutboundRequest = {}) {
      const headers = (request.headers ?? {}) as Record<string, string>;
      seen.push({ url, authorization: headers.authorization });
      const page = pages[url];
      return page === undefined ? new Response('no', { status: 404 }) : Response.json(page);
    },
  } as unknown as OutboundFetch;
  return { outbound, seen };
}

const conformance = { conformsTo: [OGC_CONFORMANCE.core] };

describe('probeAdes', () => {
  it('sends the token to the ADES’s own origin only: not to a conformance link on another origin', async () => {
    const { outbound, seen } = outboundOf({
      'https://ades.example/ogc/': { title: 'ADES', links: [{ rel: OGC_REL.conformance, href: 'https://elsewhere.example/conformance' }] },
      'https://elsewhere.example/conformance': conformance,
    });
    await probeAdes(outbound, 'https://ades.example/ogc/', 'secret');
    expect(seen).toEqual([
      { url: 'https://ades.example/ogc/', authorization: 'Bearer secret' },
      { url: 'https://elsewhere.example/conformance', authorization: undefined },
    ]);
  });

  it('sends the token to a conformance link on the same origin', async () => {
    const { outbound, seen } = outboundOf({
      'https://ades.example/ogc/': { title: 'ADES', links: [{ rel: OGC_REL.conformance, href: '/ogc/conformance' }] },
      'https://ades.example/ogc/conformance': conformance,
    });
    await probeAdes(outbound, 'https://ades.example/ogc/', 'secret');
    expect(seen.map((entry) => entry.authorization)).toEqual(['Bearer secret', 'Bearer secret']);
  });
});
