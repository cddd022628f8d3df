import { describe, expect, it } from 'vitest';
import { OutboundFetchError, type OutboundRequest } from '../../platform/outbound/outbound-fetch.js';
import type { AdesClient } from './ades-client.js';
import { DEPLOY_TIMEOUT_MS, deployProcess } from './ades-deploy.js';

const CWL = 'cwlVersion: v1.2\nclass: CommandLineTool\nid: echo\n';
const BASE = 'http://ades.test/ogc/';

/** An ADES that does not have the process and answers the deploy requests with `answers` in turn (an Error is thrown). */
function adesAnswering(answers: ({ status: number } | Error)[]) {
  const sent: { method: string; url: string; timeoutMs?: number }[] = [];
  const client = {
    url: (relative: string) => new URL(relative, BASE).toString(),
    processUrl: (id: string, suffix = '') => new URL(`processes/${id}${suffix}`, BASE).toString(),
    json: async (url: string, request: OutboundRequest = {}) => {
      const method = request.method ?? 'GET';
      sent.push({ method, url, timeoutMs: request.timeoutMs });
      if (method === 'GET') return { status: sent.some((item) => item.method === 'POST') ? 200 : 404, body: { id: 'echo' }, headers: new Headers() };
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return { ...answer, body: {}, headers: new Headers() };
    },
  };
  return { client: client as unknown as AdesClient, sent };
}

const timedOut = () => new OutboundFetchError(`${BASE}processes`, `${BASE}processes did not answer within ${DEPLOY_TIMEOUT_MS / 1000} s`, 'time-out');

describe('deploying on an ADES', () => {
  it('gives the deploy a time-out of its own, longer than a validation with cwltool', async () => {
    const { client, sent } = adesAnswering([{ status: 201 }]);
    await deployProcess(client, 'echo', CWL, () => undefined);
    const post = sent.find((item) => item.method === 'POST')!;
    expect(post.timeoutMs).toBe(DEPLOY_TIMEOUT_MS);
    expect(DEPLOY_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
  });

  it('sends the package once more when the deploy timed out, and the second answer decides', async () => {
    const log: string[] = [];
    const { client, sent } = adesAnswering([timedOut(), { status: 201 }]);
    expect(await deployProcess(client, 'echo', CWL, (line) => log.push(line))).toEqual({ id: 'echo' });
    expect(sent.filter((item) => item.method === 'POST')).toHaveLength(2);
    expect(log).toEqual([expect.stringMatching(/did not answer within .*: sending the package once more$/), 'deployed echo on the ADES']);
  });

  it('retries once only, and never an address the outbound guard refuses', async () => {
    const twice = adesAnswering([timedOut(), timedOut()]);
    await expect(deployProcess(twice.client, 'echo', CWL, () => undefined)).rejects.toThrow(/did not answer within/);
    expect(twice.sent.filter((item) => item.method === 'POST')).toHaveLength(2);

    const refused = adesAnswering([new OutboundFetchError(`${BASE}processes`, 'refused', 'refused', { isRefusedAddress: true })]);
    await expect(deployProcess(refused.client, 'echo', CWL, () => undefined)).rejects.toThrow('refused');
    expect(refused.sent.filter((item) => item.method === 'POST')).toHaveLength(1);
  });
});
