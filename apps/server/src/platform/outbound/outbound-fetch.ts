import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type Response } from 'undici';

/**
 * The one way the server fetches a URL on a user's behalf (docs/security.md "Outbound
 * fetches"): a user's data URL today; remote catalogues, ADES and model services later.
 *
 * Only public unicast addresses are reached unless the operator allows more
 * (ASB_OUTBOUND_ALLOW, a CIDR list): loopback, private, link-local (the cloud metadata
 * address 169.254.169.254 among them), carrier-grade NAT, unique-local, multicast and
 * the other special ranges are refused. The check runs on the address the socket really
 * connects to (a guarded DNS lookup, so a name that resolves to 127.0.0.1 or changes
 * its answer between two lookups is caught) and again at every redirect, which are
 * followed here one by one.
 *
 * A refused address, a failed lookup, a refused connection and a TLS failure all read
 * the same to the user ("could not fetch …"), so the portal cannot be used to map which
 * private hosts and ports exist; the real cause is logged for the operator.
 */

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

/**
 * A fetch that did not get an answer; `message` is what the user may read, `reason` is for the log.
 * `isRefusedAddress`: the guard refused the address (not the network): staff registering a server
 * may be told so, since they can ask the operator to allow it (docs/security.md#network).
 */
export class OutboundFetchError extends Error {
  readonly isRefusedAddress: boolean;

  constructor(
    readonly url: string,
    message: string,
    readonly reason: string,
    options?: { cause?: unknown; isRefusedAddress?: boolean },
  ) {
    super(message, options);
    this.name = 'OutboundFetchError';
    this.isRefusedAddress = options?.isRefusedAddress ?? false;
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** ends the request early (the caller stopping) */
  signal?: AbortSignal;
  /** for the whole request: redirects, headers and the reading of the body (default DEFAULT_TIMEOUT_MS) */
  timeoutMs?: number;
}

export interface OutboundLogger {
  warn(details: object, message: string): void;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The CIDR list of ASB_OUTBOUND_ALLOW, parsed; a bare address counts as a /32 or /128. */
export function parseAllowList(entries: readonly string[]): Range[] {
  return entries.map((entry) => {
    try {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128] as Range;
    } catch {
      throw new Error(`ASB_OUTBOUND_ALLOW: '${entry}' is not an address or a CIDR range`);
    }
  });
}

/** Whether the server may connect to this address for a user: public unicast, or inside an allowed range. */
export function addressAllowed(address: string, allow: readonly Range[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it is
    parsed = ipaddr.process(address.replace(/%.*$/, ''));
  } catch {
    return false;
  }
  if (allow.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return true;
  return parsed.range() === 'unicast';
}

class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/** Whether the caller asked to stop (rather than a time-out or a network failure). */
const abortedBy = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class OutboundFetch {
  private readonly allow: Range[];
  private readonly agent: Agent;

  constructor(
    allow: readonly string[],
    private readonly log?: OutboundLogger,
  ) {
    this.allow = parseAllowList(allow);
    this.agent = new Agent({ connect: { lookup: this.guardedLookup } });
  }

  /** dns.lookup, refusing when any address the name resolves to is not allowed. */
  private readonly guardedLookup = (
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((entry) => !addressAllowed(entry.address, this.allow));
      if (refused || addresses.length === 0)
        return callback(new RefusedAddress(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not allowed`), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  /** The answer of `url` after its redirects, or OutboundFetchError; the caller reads (and caps) the body. */
  async fetch(url: string, request: OutboundRequest = {}): Promise<Response> {
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    let current = url;
    let method = request.method ?? 'GET';
    let body = request.body;
    let headers = { ...request.headers };
    for (let redirects = 0; ; redirects++) {
      const target = this.target(current, url);
      let response: Response;
      try {
        response = await undiciFetch(target, { method, headers, body, signal, redirect: 'manual', dispatcher: this.agent });
      } catch (error) {
        if (abortedBy(request.signal)) throw error;
        if (timeout.aborted) throw new OutboundFetchError(url, `${url} did not answer within ${timeoutMs / 1000} s`, 'time-out', { cause: error });
        throw this.couldNotFetch(url, current, error);
      }
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel();
      if (redirects >= MAX_REDIRECTS) throw new OutboundFetchError(url, `${url} redirects more than ${MAX_REDIRECTS} times`, 'redirects');
      if (!URL.canParse(location, current)) throw new OutboundFetchError(url, `could not fetch ${url}: it redirects to no URL`, 'bad redirect');
      const next = new URL(location, current);
      // credentials are for the origin they were given to
      if (next.origin !== new URL(current).origin)
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !['authorization', 'cookie'].includes(name.toLowerCase())));
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      current = next.toString();
    }
  }

  /** The URL to request: http(s) only, and a literal address checked here (no lookup runs for it). */
  private target(current: string, asked: string): URL {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      throw new OutboundFetchError(asked, `${asked} is not a URL`, 'not a URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new OutboundFetchError(asked, `could not fetch ${asked}: only http and https URLs are fetched`, `scheme ${target.protocol}`);
    if (target.username || target.password)
      throw new OutboundFetchError(asked, `could not fetch ${asked}: URLs with credentials are not fetched`, 'credentials in URL');
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (net.isIP(host) !== 0 && !addressAllowed(host, this.allow)) throw this.couldNotFetch(asked, current, new RefusedAddress(`${host} is not allowed`));
    return target;
  }

  private couldNotFetch(asked: string, current: string, error: unknown): OutboundFetchError {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? `${(cause as NodeJS.ErrnoException).code ?? cause.name}: ${cause.message}` : String(cause);
    this.log?.warn({ url: asked, at: current, reason }, 'outbound fetch: could not fetch');
    return new OutboundFetchError(asked, `could not fetch ${asked}`, reason, { cause: error, isRefusedAddress: cause instanceof RefusedAddress });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** The body as text, refused once it grows past `maxBytes` (an answer, not a data dump). */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${maxBytes / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
