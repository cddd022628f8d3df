import type { ExecutionUpdate } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSeeds, waitForStatus } from './helpers/engine.js';
import { EventStreamReader } from './helpers/event-stream.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Message = { type: string } & Partial<ExecutionUpdate> & Record<string, unknown>;

/** Each task takes a moment, so that a task's 'running' is its own update. */
const STEP = `
import time

INPUTS = [{"name": "value", "data_type": "integer", "default": 1}]
OUTPUTS = [{"name": "value", "data_type": "integer"}]

def execute(out_dir, **inputs):
    time.sleep(0.5)
    return {"value": int(inputs["value"]) + 1}
`;

const tokenOf = (headers: Headers) => headers.authorization!.replace(/^Bearer /, '');

/**
 * Live updates of a running execution over the server-sent events of spec 3 §7, on a real
 * port as a browser gets them: the owner's channel carries every step in order, another
 * user's channel nothing of it, and _all_executions is for superusers.
 */
describe('engine: live updates of an execution', () => {
  let app: TestApp;
  let base = '';
  let workflow = '';
  const users = {} as Record<'lena' | 'nils', Headers>;
  const streams: EventStreamReader<Message>[] = [];
  const seeds = () => engineSeeds(app);

  async function open(channel: string, headers: Headers): Promise<EventStreamReader<Message>> {
    const stream = new EventStreamReader<Message>(`${base}/backend/live/${channel}/?token=${encodeURIComponent(tokenOf(headers))}`);
    streams.push(stream);
    const response = await stream.open();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    return stream;
  }

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    const knowledge = knowledgeApi(app);
    const lab = await knowledge.workspace('lab');
    users.lena = await knowledge.member('lena', { [lab]: 'developer' });
    users.nils = await knowledge.member('nils', { [lab]: 'developer' });
    // lena's own process: a run hands its inputs only to code its runner may read (docs/security.md)
    const step = await seeds().runnable(
      'step',
      STEP,
      { inputs: [{ name: 'value', dataType: 'integer', default: 1 }], outputs: [{ name: 'value', dataType: 'integer' }] },
      {},
      'lena',
    );
    const graph = seeds().graph(
      [
        { id: 'first', version: step },
        { id: 'second', version: step },
      ],
      [['first', 'value', 'second', 'value']],
    );
    workflow = await seeds().workflow('live-pair', [graph], { ownerId: 'lena' });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app?.close();
  });

  it("streams the execution's updates to its owner in order, to superusers on _all_executions, and nothing to another user", async () => {
    const own = await open('lena', users.lena);
    const other = await open('nils', users.nils);
    const all = await open('_all_executions', app.adminHeader);

    const id = await seeds().run(workflow, [], users.lena);
    const isEnd = (message: Message) => message.type === 'executionUpdate' && message.id === id && message.status === 'success';
    const seen = (await own.until(isEnd)).filter((message) => message.type === 'executionUpdate' && message.id === id);
    expect((await waitForStatus(app, id, ['success', 'failed'])).status).toBe('success');

    // submitted, then running, ..., success with progress 1
    expect(seen[0]).toMatchObject({ status: 'pending' });
    expect(seen.at(-1)).toMatchObject({ status: 'success', progress: 1 });
    const statuses = seen.map((message) => message.status);
    expect(statuses.slice(1, -1).every((status) => status === 'running')).toBe(true);
    const progress = seen.slice(1).map((message) => message.progress!);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.slice(1).every((message) => message.identifier === seen.at(-1)!.identifier)).toBe(true);

    // each task's steps, in the order they happened, with the progress they left behind. Updates
    // are coalesced: when 'second' starts before the update of 'first' ending went out, that
    // update names 'second' (progress 0.5 tells that 'first' ended); each task sleeps 0.5 s, so
    // its 'running' is never merged into its end.
    const taskSteps = seen.filter((message) => message.task_id).map((message) => [message.task_id, message.task_state, message.progress]);
    expect([
      [
        ['first', 'running', 0],
        ['first', 'success', 0.5],
        ['second', 'running', 0.5],
      ],
      [
        ['first', 'running', 0],
        ['second', 'running', 0.5],
      ],
    ]).toContainEqual(taskSteps);
    expect(seen.filter((message) => message.task_id).every((message) => message.process_version === 'step:1')).toBe(true);

    // a superuser follows every execution
    const everything = (await all.until(isEnd)).filter((message) => message.id === id);
    expect(everything.map((message) => [message.status, message.task_id, message.task_state])).toEqual(
      seen.map((message) => [message.status, message.task_id, message.task_state]),
    );

    // another user's channel got nothing of it: the first thing it carries is what comes after
    await app.ctx.bus.publish({ type: 'executionUpdate', audience: 'nils', payload: { id: 'sentinel', status: 'created' } });
    expect(await other.next(5_000)).toMatchObject({ type: 'executionUpdate', id: 'sentinel' });
  });

  it('keeps _all_executions and other users’ channels from plain users', async () => {
    const token = encodeURIComponent(tokenOf(users.lena));
    expect((await fetch(`${base}/backend/live/_all_executions/?token=${token}`)).status).toBe(403);
    expect((await fetch(`${base}/backend/live/nils/?token=${token}`)).status).toBe(403);
    expect((await fetch(`${base}/backend/live/lena/`)).status).toBe(401);
  });
});
