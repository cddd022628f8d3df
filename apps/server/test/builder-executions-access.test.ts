import type { LiveEvent } from '../src/platform/live/event-bus.js';
import type { WorkflowGraph } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderApi, builderSeeds, type ErrorBody, type ExecutionObject } from './helpers/builder.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const GRAPH: WorkflowGraph = {
  nodes: [{ id: 'fetch', kind: 'process', processVersion: 'fetch:1', position: { x: 0, y: 0 }, inputs: { count: { userEditable: false } } }],
  edges: [],
};
const NOT_ALLOWED = 'You are not allowed to execute this workflow. Please check your credit score on the Marketplace.';

/**
 * Who may see, share and execute an execution (docs/permissions.md, spec 1 §6), the
 * execute transition, execution_allowed, product orders and the execution list.
 * olga (developer of lab) runs a workflow shared with lab; uma is a plain user of lab,
 * otto an operator, nils belongs to no workspace.
 */
describe('builder executions: access, execute, product order, list', () => {
  let app: TestApp;
  let api: ReturnType<typeof builderApi>;
  let lab = '';
  let flow = '';
  let archivedFlow = '';
  let privateFlow = '';
  const users = {} as Record<'olga' | 'uma' | 'otto' | 'nils', Headers>;

  const run = (items: { identifier: string; value: string }[], headers = users.olga, processorId = flow) =>
    api.created({ processor_id: processorId, inputs: [{ node_id: 'fetch', items }] }, headers);
  const scene = (value: string) => [{ identifier: 'scene', value }];

  beforeAll(async () => {
    // the builder API alone: no orchestrator moves these executions on (engine tests: engine-*.test.ts)
    app = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false } });
    api = builderApi(app);
    const knowledge = knowledgeApi(app);
    const seeds = builderSeeds(app);
    lab = await knowledge.workspace('lab');
    users.olga = await knowledge.member('olga', { [lab]: 'developer' });
    users.uma = await knowledge.member('uma', { [lab]: 'user' });
    users.otto = await knowledge.member('otto', { [lab]: 'operator' });
    users.nils = await knowledge.member('nils');
    await seeds.releasedVersion('fetch', '1', {
      inputs: [
        { name: 'scene', dataType: 'sentinel-2-product' },
        { name: 'count', dataType: 'integer', default: 1 },
        { name: 'note', dataType: 'string', default: 'none' },
      ],
      outputs: [],
    });
    flow = await seeds.workflow('fetch-flow', [GRAPH], { workspaceIds: [lab], label: 'Fetch flow' });
    archivedFlow = await seeds.workflow('archived-flow', [GRAPH], { workspaceIds: [lab], isArchived: true });
    privateFlow = await seeds.workflow('private-flow', [GRAPH]);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('visibility and sharing', () => {
    let execution: ExecutionObject;
    beforeAll(async () => {
      execution = await run(scene('S2B_MSIL1C_A'));
    });

    it('is visible to its owner and superusers only, until shared', async () => {
      expect((await api.list('', users.olga)).map((e) => e.id)).toContain(execution.id);
      expect((await api.list('', app.adminHeader)).map((e) => e.id)).toContain(execution.id);
      for (const other of [users.uma, users.nils]) {
        expect(await api.list('', other)).toEqual([]);
        expect((await api.get(execution.id, other)).statusCode).toBe(403);
      }
      expect((await api.get('424242')).statusCode).toBe(404);
    });

    it('cannot be executed, ordered or shared by another user', async () => {
      expect((await api.execute(execution.id, users.nils)).statusCode).toBe(403);
      expect((await api.productOrder(execution.id, users.nils)).statusCode).toBe(403);
      expect((await api.share(execution.id, [lab], users.nils)).statusCode).toBe(403);
      expect((await api.get(execution.id, users.olga)).json<{ data: ExecutionObject }>().data.attributes.status).toBe('created');
    });

    it('is shared by its owner with PATCH relationships.workspaces: members see it with their role', async () => {
      const response = await api.share(execution.id, [lab], users.olga);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: ExecutionObject }>().data).toMatchObject({
        attributes: { workspaces: { [lab]: 'lab' } },
        relationships: { workspaces: { data: [{ type: 'workspaces', id: lab }] } },
      });
      const seen = await api.list('', users.uma);
      expect(seen.map((e) => e.id)).toEqual([execution.id]);
      expect(seen[0]!.attributes.permissions).toEqual({ change: false, delete: false, share: false });
      expect(await api.list('', users.nils)).toEqual([]);
      // a plain user may look, not run it
      expect((await api.execute(execution.id, users.uma)).statusCode).toBe(403);
    });

    it('keeps what ran: attributes, archive and delete are refused with a reason', async () => {
      const patch = await api.send('PATCH', `${api.base}/${execution.id}`, users.olga, {
        data: { type: 'executions', id: execution.id, attributes: { status: 'success' } },
      });
      expect(patch.statusCode).toBe(405);
      expect(patch.json<ErrorBody>().detail).toBe(
        'An execution cannot be modified: it records what ran. Only its workspaces may change (relationships.workspaces).',
      );
      const archive = await api.send('PATCH', `${api.base}/${execution.id}/archive`, users.olga);
      expect([archive.statusCode, archive.json<ErrorBody>().detail]).toEqual([405, 'Executions cannot be archived.']);
      // only a never submitted execution may be deleted (execution-failures.test.ts)
      const submitted = await run(scene('S2B_MSIL1C_B'));
      expect((await api.execute(submitted.id, users.olga)).statusCode).toBe(200);
      const remove = await api.send('DELETE', `${api.base}/${submitted.id}`, users.olga);
      expect([remove.statusCode, remove.json<ErrorBody>().detail]).toEqual([
        400,
        `Execution ${submitted.attributes.identifier} has been submitted (status pending): it is the record of what ran and cannot be deleted.`,
      ]);
      expect((await api.get(execution.id, users.olga)).json<{ data: ExecutionObject }>().data.attributes.status).toBe('created');
    });

    it('lets a member with a workspace role run a shared workflow', async () => {
      const own = await run(scene('S2A_X'), users.uma);
      expect(own.attributes.ownerId).toBe('uma');
      expect((await api.list('', users.uma)).map((e) => e.id)).toContain(own.id);
    });
  });

  describe('PATCH executions/{id}/execute', () => {
    it('moves created to pending once, tells the owner live, and answers 409 after', async () => {
      const execution = await run(scene('S2A_RUN'));
      const events: LiveEvent[] = [];
      const unsubscribe = app.ctx.bus.subscribe((event) => events.push(event));
      const first = await api.execute(execution.id, users.olga);
      unsubscribe();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<{ data: ExecutionObject }>().data.attributes.status).toBe('pending');
      expect(events).toEqual([{ type: 'executionUpdate', audience: 'olga', payload: { id: execution.id, status: 'pending' } }]);
      const again = await api.execute(execution.id, users.olga);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().detail).toBe(`Execution ${execution.attributes.identifier} has already been submitted (status pending).`);
      expect((await api.get(execution.id, users.olga)).json<{ data: ExecutionObject }>().data.attributes.status).toBe('pending');
    });

    it('lets an operator of a workspace it is shared with execute it', async () => {
      const execution = await run(scene('S2A_OP'));
      await api.share(execution.id, [lab], users.olga);
      expect((await api.execute(execution.id, users.otto)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown execution and 401 without a token', async () => {
      expect((await api.execute('424242', users.olga)).statusCode).toBe(404);
      expect((await api.execute('1', {})).statusCode).toBe(401);
    });
  });

  describe('GET executions/execution_allowed', () => {
    it('allows a visible workflow that is not archived', async () => {
      const response = await api.allowed(flow, users.uma);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { allowed: true } });
      expect((await api.allowed('fetch-flow', users.olga)).json()).toEqual({ data: { allowed: true } });
    });

    it('refuses an archived workflow and one the user cannot see, with the spec text', async () => {
      expect((await api.allowed(archivedFlow, users.olga)).json()).toEqual({ data: { allowed: false, reason: NOT_ALLOWED } });
      expect((await api.allowed(privateFlow, users.olga)).json()).toEqual({ data: { allowed: false, reason: NOT_ALLOWED } });
      expect((await api.allowed(flow, users.nils)).json()).toEqual({ data: { allowed: false, reason: NOT_ALLOWED } });
      expect((await api.allowed(privateFlow, app.adminHeader)).json()).toEqual({ data: { allowed: true } });
    });

    it('answers 404 for an unknown workflow, 400 without processor_id, 401 without a token', async () => {
      expect((await api.allowed('999999', users.olga)).statusCode).toBe(404);
      expect((await api.send('GET', `${api.base}/execution_allowed`, users.olga)).statusCode).toBe(400);
      expect((await api.allowed(flow, {})).statusCode).toBe(401);
    });
  });

  describe('POST executions/{id}/product-order', () => {
    it('orders the EO product inputs, once: asking again answers the same order', async () => {
      const execution = await run(scene('S2B_MSIL2A_20210101'));
      const first = await api.productOrder(execution.id, users.olga);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        data: { executionId: execution.id, status: 'ordered', products: [{ node_id: 'fetch', identifier: 'scene', value: 'S2B_MSIL2A_20210101' }] },
      });
      const again = await api.productOrder(execution.id, users.olga);
      expect(again.json()).toEqual(first.json());
    });

    it('has nothing to order when the workflow takes no product', async () => {
      const seeds = builderSeeds(app);
      await seeds.releasedVersion('clip', '1', { inputs: [{ name: 'size', dataType: 'integer', default: 5 }], outputs: [] }, 'olga');
      const plain = await seeds.workflow(
        'plain-flow',
        [{ nodes: [{ id: 'clip', kind: 'process', processVersion: 'clip:1', position: { x: 0, y: 0 }, inputs: {} }], edges: [] }],
        { ownerId: 'olga' },
      );
      const execution = await api.created({ processor_id: plain }, users.olga);
      const response = await api.productOrder(execution.id, users.olga);
      expect(response.json()).toEqual({ data: { executionId: execution.id, status: 'nothing-to-order', products: [] } });
    });

    it('answers 401 without a token', async () => {
      expect((await api.productOrder('1', {})).statusCode).toBe(401);
    });
  });

  describe('the execution list', () => {
    it('sorts newest first and filters by status, workflow and search', async () => {
      const all = await api.list('page[size]=100', users.olga);
      const created = all.map((e) => e.attributes.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      const pending = await api.list('filter[status]=pending', users.olga);
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((e) => e.attributes.status === 'pending')).toBe(true);
      const both = await api.list('filter[status]=pending,created&page[size]=100', users.olga);
      expect(both.length).toBe(all.length);
      const ofFlow = all.filter((e) => e.attributes.processorId === flow).map((e) => e.id);
      expect(ofFlow.length).toBeLessThan(all.length);
      expect((await api.list(`filter[processorId]=${flow}&page[size]=100`, users.olga)).map((e) => e.id)).toEqual(ofFlow);
      expect(await api.list(`filter[processorId]=${archivedFlow}`, users.olga)).toEqual([]);
      expect((await api.send('GET', `${api.base}?filter[processorId]=abc`, users.olga)).statusCode).toBe(400);
      // identifier and label: fetch-flow-{stamp}-{hex}, 'Fetch flow'
      expect((await api.list('filter[search]=FETCH-FLOW&page[size]=100', users.olga)).map((e) => e.id)).toEqual(ofFlow);
      expect((await api.list('filter[search]=Fetch%20flow&page[size]=100', users.olga)).map((e) => e.id)).toEqual(ofFlow);
      expect(await api.list('filter[search]=nothing-like-it', users.olga)).toEqual([]);
    });

    it('answers 401 without a token', async () => {
      expect((await api.send('GET', api.base, {})).statusCode).toBe(401);
      expect((await api.get('1', {})).statusCode).toBe(401);
    });
  });
});
