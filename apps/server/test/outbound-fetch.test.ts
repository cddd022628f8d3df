import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, OutboundFetch, OutboundFetchError, parseAllowList } from '../src/platform/outbound/outbound-fetch.js';

/**
 * The outbound-fetch guard (docs/security.md "Outbound fetches") against servers on
 * loopback: what a user's URL may not reach (loopback, private, link-local, metadata),
 * also through a name or a redirect, reads as one "could not fetch" whatever the cause,
 * and what the operator allows is fetched.
 */

interface Peer {
  url: string;
  /** connections accepted, requests answered */
  connections: number;
  requests: http.IncomingMessage[];
  close(): Promise<void>;
}

async function peer(host: string, handle: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<Peer> {
  const sockets = new Set<Socket>();
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    handle(request, response);
  });
  const state: Peer = {
    url: '',
    connections: 0,
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on('connection', (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return state;
}

const answer = (body: unknown) => (_request: http.IncomingMessage, response: http.ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function refusal(fetcher: OutboundFetch, url: string): Promise<OutboundFetchError> {
  const error = await fetcher.fetch(url).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundFetchError);
  return error as OutboundFetchError;
}

describe('outbound fetch guard', () => {
  let target: Peer;
  let other: Peer;
  const guarded = new OutboundFetch([]);
  const allowingLoopback = new OutboundFetch(['127.0.0.0/8', '::1']);
  const allowingFirst = new OutboundFetch(['127.0.0.1/32']);
  let extra: Peer[] = [];

  beforeAll(async () => {
    target = await peer('127.0.0.1', answer({ hello: 'world' }));
    other = await peer('127.0.0.2', answer({ secret: 'internal' }));
  });
  afterEach(async () => {
    await Promise.all(extra.map((server) => server.close()));
    extra = [];
  });
  afterAll(async () => {
    await Promise.all([target.close(), other.close(), guarded.close(), allowingLoopback.close(), allowingFirst.close()]);
  });

  it('judges addresses: only public unicast, unless allowed', () => {
    const none = parseAllowList([]);
    for (const address of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(addressAllowed(address, none), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '::',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '224.0.0.1',
      '255.255.255.255',
      '64:ff9b::7f00:1',
      'not an address',
    ]) {
      expect(addressAllowed(address, none), address).toBe(false);
    }
    const allow = parseAllowList(['10.1.0.0/16', '::1']);
    expect(addressAllowed('10.1.200.3', allow)).toBe(true);
    expect(addressAllowed('10.2.0.1', allow)).toBe(false);
    expect(addressAllowed('::1', allow)).toBe(true);
    expect(() => parseAllowList(['10.0.0.0/99'])).toThrow(/ASB_OUTBOUND_ALLOW: '10.0.0.0\/99'/);
  });

  it('refuses loopback, private and metadata addresses, written in any form, without connecting', async () => {
    const port = new URL(target.url).port;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[fd00::1]/',
    ]) {
      const error = await refusal(guarded, url);
      expect(error.message).toBe(`could not fetch ${url}`);
    }
    expect(target.connections).toBe(0);
  });

  it('refuses a name that resolves to loopback (the check is on the address the socket connects to)', async () => {
    const url = `http://localhost:${new URL(target.url).port}/`;
    expect((await refusal(guarded, url)).message).toBe(`could not fetch ${url}`);
    expect(target.connections).toBe(0);
    // the same name, once the operator allows loopback
    const response = await allowingLoopback.fetch(url);
    expect(await response.json()).toEqual({ hello: 'world' });
  });

  it('fetches what the operator allows', async () => {
    const response = await allowingFirst.fetch(`${target.url}/item`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: 'world' });
  });

  it('checks every redirect: an allowed server cannot send the fetch on to a refused address', async () => {
    const bouncer = await peer('127.0.0.1', (_request, response) => {
      response.writeHead(302, { location: `${other.url}/internal` });
      response.end();
    });
    extra.push(bouncer);
    const before = other.connections;
    const error = await refusal(allowingFirst, `${bouncer.url}/start`);
    expect(error.message).toBe(`could not fetch ${bouncer.url}/start`);
    expect(bouncer.requests).toHaveLength(1);
    expect(other.connections).toBe(before);
  });

  it('follows redirects among allowed addresses, without the credentials on another origin, and not forever', async () => {
    const bouncer = await peer('127.0.0.1', (request, response) => {
      response.writeHead(request.url === '/loop' ? 302 : 307, { location: request.url === '/loop' ? '/loop' : `${other.url}/moved` });
      response.end();
    });
    extra.push(bouncer);
    const response = await allowingLoopback.fetch(`${bouncer.url}/start`, {
      headers: { authorization: 'Bearer for-the-first-origin', accept: 'application/json' },
    });
    expect(await response.json()).toEqual({ secret: 'internal' });
    const arrived = other.requests.at(-1)!;
    expect(arrived.url).toBe('/moved');
    expect(arrived.headers.authorization).toBeUndefined();
    expect(arrived.headers.accept).toBe('application/json');
    expect(bouncer.requests[0]!.headers.authorization).toBe('Bearer for-the-first-origin');

    expect((await refusal(allowingLoopback, `${bouncer.url}/loop`)).message).toBe(`${bouncer.url}/loop redirects more than 5 times`);
  });

  it('says the same for a closed port as for a refused address: no port-scan detail', async () => {
    const closed = await peer('127.0.0.1', answer({}));
    await closed.close();
    const refusedUrl = `${target.url}/`;
    const closedUrl = `${closed.url}/`;
    expect((await refusal(guarded, refusedUrl)).message).toBe(`could not fetch ${refusedUrl}`);
    const closedError = await refusal(allowingLoopback, closedUrl);
    expect(closedError.message).toBe(`could not fetch ${closedUrl}`);
    // the operator's log has the cause
    expect(closedError.reason).toMatch(/ECONNREFUSED/);
  });

  it('fetches only http and https, and no URL with credentials', async () => {
    expect((await refusal(allowingLoopback, 'file:///etc/passwd')).message).toBe('could not fetch file:///etc/passwd: only http and https URLs are fetched');
    const withCredentials = target.url.replace('http://', 'http://user:pw@');
    expect((await refusal(allowingLoopback, withCredentials)).message).toBe(`could not fetch ${withCredentials}: URLs with credentials are not fetched`);
  });

  it('gives up on a server that does not answer, after its time-out', async () => {
    const silent = await peer('127.0.0.1', () => {
      // never answers
    });
    extra.push(silent);
    const error = await allowingLoopback.fetch(silent.url, { timeoutMs: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundFetchError);
    expect((error as Error).message).toBe(`${silent.url} did not answer within 0.3 s`);
  });
});
