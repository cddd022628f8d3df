import { OGC_CONFORMANCE, OGC_REL } from '@asb/contracts';
import { OutboundFetchError, readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';

/** The conformance class every OGC API – Processes server declares (Part 1, Core). */
const PROCESSES_CORE = OGC_CONFORMANCE.core;

/** A landing page and a conformance document are small: anything larger is not one. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;
const CONFORMANCE_RELS: string[] = ['conformance', OGC_REL.conformance];

/** What a landing page and its conformance document said. */
export interface AdesDescription {
  title: string;
  abstract: string;
  conformsTo: string[];
}

/** Why a URL is not an ADES the portal can use: the text is what the administrator reads. */
export class AdesProbeError extends Error {
  override readonly name = 'AdesProbeError';
}

/**
 * The landing URL as stored: http(s), no credentials, query or fragment, ending with a slash
 * (so `new URL('processes', url)` is the processes list). Throws AdesProbeError otherwise.
 */
export function normaliseAdesUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new AdesProbeError(`${input} is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AdesProbeError(`${input} is not an http or https URL.`);
  if (url.username || url.password) throw new AdesProbeError('The URL must not carry credentials: give the token in its own field.');
  if (url.search || url.hash) throw new AdesProbeError('The URL must be the landing page itself, without a query or a fragment.');
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.toString();
}

/** The bearer header of a token, when there is one. */
const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** GET `url` as JSON through the outbound guard; AdesProbeError saying which of unreachable / HTTP error / not JSON it was. */
async function getJson(outbound: OutboundFetch, url: string, token: string | undefined, what: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  let response;
  try {
    response = await outbound.fetch(url, { headers: { accept: 'application/json', ...bearer(token) }, signal });
  } catch (error) {
    if (error instanceof OutboundFetchError && error.isRefusedAddress)
      throw new AdesProbeError(
        `Refused by the outbound guard: ${new URL(url).hostname} is a loopback, private or otherwise special address, which the portal does not fetch. An operator allows it with ASB_OUTBOUND_ALLOW (a CIDR list, e.g. 10.0.0.0/8).`,
      );
    if (error instanceof OutboundFetchError) throw new AdesProbeError(`Unreachable: ${error.message}.`);
    throw error;
  }
  if (!response.ok) {
    await response.body?.cancel();
    const hint = response.status === 401 || response.status === 403 ? ' (is a token needed, or is it wrong?)' : '';
    throw new AdesProbeError(`Unreachable: the ${what} ${url} answered HTTP ${response.status}${hint}.`);
  }
  let text: string;
  try {
    text = await readCapped(response, MAX_DOCUMENT_BYTES);
  } catch (error) {
    throw new AdesProbeError(`Not JSON: the ${what} ${url} could not be read (${error instanceof Error ? error.message : String(error)}).`);
  }
  const type = response.headers.get('content-type') ?? 'no content type';
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new AdesProbeError(`Not JSON: the ${what} ${url} answered ${type.split(';')[0]}, not a JSON document; is it an OGC API – Processes landing page?`);
  }
  if (!isRecord(document)) throw new AdesProbeError(`Not JSON: the ${what} ${url} is not a JSON object.`);
  return document;
}

/** The conformance document's URL: the landing page's conformance link, else `{landing}conformance`. */
function conformanceUrl(landing: Record<string, unknown>, base: string): string {
  const links = Array.isArray(landing.links) ? landing.links.filter(isRecord) : [];
  const link = links.find((entry) => typeof entry.rel === 'string' && CONFORMANCE_RELS.includes(entry.rel) && typeof entry.href === 'string');
  try {
    if (link) return new URL(link.href as string, base).toString();
  } catch {
    // a broken href reads as no link
  }
  return new URL('conformance', base).toString();
}

/**
 * Reads an ADES's landing page and conformance document (through the outbound guard, with
 * its token) and answers what they say, or AdesProbeError with a clear reason: unreachable,
 * not JSON, no conformance document, or not OGC API – Processes (the core class missing).
 */
export async function probeAdes(outbound: OutboundFetch, url: string, token?: string, signal?: AbortSignal): Promise<AdesDescription> {
  const landing = await getJson(outbound, url, token, 'landing page', signal);
  const location = conformanceUrl(landing, url);
  // the token goes to the ADES's own origin only: a conformance link elsewhere is read without it
  const sameOrigin = new URL(location).origin === new URL(url).origin;
  let conformance: Record<string, unknown>;
  try {
    conformance = await getJson(outbound, location, sameOrigin ? token : undefined, 'conformance document', signal);
  } catch (error) {
    if (error instanceof AdesProbeError) throw new AdesProbeError(`No conformance: ${error.message}`);
    throw error;
  }
  const conformsTo = Array.isArray(conformance.conformsTo) ? conformance.conformsTo.filter((entry): entry is string => typeof entry === 'string') : undefined;
  if (!conformsTo) throw new AdesProbeError(`No conformance: ${location} has no conformsTo list.`);
  if (!conformsTo.includes(PROCESSES_CORE))
    throw new AdesProbeError(`Not OGC API – Processes: ${location} does not declare the core conformance class ${PROCESSES_CORE}.`);
  const host = new URL(url).host;
  const title = typeof landing.title === 'string' && landing.title.trim() ? landing.title.trim() : host;
  const abstract = typeof landing.description === 'string' ? landing.description : '';
  return { title, abstract, conformsTo };
}
