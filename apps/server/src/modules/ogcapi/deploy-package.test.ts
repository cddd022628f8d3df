import { MAX_CWL_BYTES, OGC_EXCEPTION } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import { OutboundFetchError, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { packageCwl } from './deploy-package.js';

const outboundOf = (fetch: (url: string) => Promise<Response>) => ({ fetch }) as unknown as OutboundFetch;
const byHref = { executionUnit: { href: 'https://example.org/app.cwl' } };

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('packageCwl: an execution unit by href', () => {
  it('answers the fetched CWL', async () => {
    const outbound = outboundOf(async () => new Response('cwlVersion: v1.2\n'));
    expect(await packageCwl(byHref, outbound)).toBe('cwlVersion: v1.2\n');
  });

  it('refuses an href the outbound guard cannot fetch (blocked, unreachable, time-out) with 400 invalid-parameter, not 500', async () => {
    const outbound = outboundOf(async (url) => {
      throw new OutboundFetchError(url, `could not fetch ${url}`, 'refused address');
    });
    const error = await refusal(packageCwl(byHref, outbound));
    expect(error.statusCode).toBe(400);
    expect(error.body).toMatchObject({ type: OGC_EXCEPTION.invalidParameter, detail: expect.stringContaining('could not fetch https://example.org/app.cwl') });
  });

  it('refuses a unit larger than MAX_CWL_BYTES with 413, without reading it whole', async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        // an endless answer: only a capped read ends
        if (sent > 10 * MAX_CWL_BYTES) controller.close();
      },
    });
    const outbound = outboundOf(async () => new Response(body));
    const error = await refusal(packageCwl(byHref, outbound));
    expect(error.statusCode).toBe(413);
    expect(sent).toBeLessThan(2 * MAX_CWL_BYTES);
  });
});
