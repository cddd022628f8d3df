import { MAX_CWL_BYTES } from '@asb/contracts';
import { OutboundFetchError, readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { invalidParameter, ogcError } from './ogc-errors.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A CWL document sent as JSON (not wrapped in an application package). */
const isCwlDocument = (body: Record<string, unknown>) => 'cwlVersion' in body || '$graph' in body || 'class' in body;

/**
 * The execution unit at `href`: an unreachable, blocked or slow URL is a 400 (the outbound
 * guard's message), one larger than MAX_CWL_BYTES a 413 (read capped, never whole).
 */
async function fetchUnit(outbound: OutboundFetch, href: string): Promise<string> {
  let response: Awaited<ReturnType<OutboundFetch['fetch']>>;
  try {
    response = await outbound.fetch(href, { headers: { accept: 'application/cwl+yaml, application/cwl+json, application/cwl, text/yaml, */*' } });
  } catch (error) {
    if (error instanceof OutboundFetchError) throw invalidParameter(`The execution unit's href could not be fetched (${error.message}).`);
    throw error;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw invalidParameter(`The execution unit ${href} answered HTTP ${response.status}.`);
  }
  try {
    return await readCapped(response, MAX_CWL_BYTES);
  } catch (error) {
    const tooLarge = `The execution unit ${href} is larger than ${MAX_CWL_BYTES / 1024 / 1024} MB.`;
    if (error instanceof Error && error.message.startsWith('the answer is larger')) throw ogcError(413, 'about:blank', tooLarge);
    throw invalidParameter(`The execution unit ${href} could not be read: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

/**
 * The CWL text of a deploy or replace body (Part 2): the body itself for the CWL media
 * types, a CWL document sent as JSON, or the execution unit of an OGC application package
 * (`value` or `unit`, as text or object, or `href`, fetched through the outbound helper).
 */
export async function packageCwl(body: unknown, outbound: OutboundFetch): Promise<string> {
  if (typeof body === 'string') return body;
  if (!isObject(body)) throw invalidParameter('The body is neither a CWL document nor an OGC application package.');
  if (!('executionUnit' in body)) {
    if (isCwlDocument(body)) return JSON.stringify(body);
    throw invalidParameter('The body is neither a CWL document nor an OGC application package (no executionUnit).');
  }
  const units = Array.isArray(body.executionUnit) ? body.executionUnit : [body.executionUnit];
  if (units.length !== 1) throw invalidParameter('The application package must have one execution unit: the CWL document.');
  const unit: unknown = units[0];
  if (!isObject(unit)) throw invalidParameter('executionUnit: give the CWL as value, unit or href.');
  const content = unit.value ?? unit.unit;
  if (typeof content === 'string') return content;
  if (isObject(content)) return JSON.stringify(content);
  if (typeof unit.href === 'string') return fetchUnit(outbound, unit.href);
  // a CWL document as the unit itself (Weaver's `{"unit": {...}}` is above; some clients send the document)
  if (isCwlDocument(unit)) return JSON.stringify(unit);
  throw invalidParameter('executionUnit: give the CWL as value, unit or href.');
}
