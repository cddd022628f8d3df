import { eq } from 'drizzle-orm';
import { ENCRYPTED_VALUE_MASK, type WorkflowGraph } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionBinding } from '../src/modules/keystore/keystore.service.js';
import { executions, processVersions } from '../src/db-schema.js';
import { builderApi, builderSeeds, encryptForInstance, type ErrorBody, type ExecutionObject } from './helpers/builder.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** compute (ndvi:1.0) feeds publish (export:2); publish comes first in the graph, last in the run. */
const FULL_GRAPH: WorkflowGraph = {
  nodes: [
    { id: 'publish', kind: 'process', processVersion: 'export:2', position: { x: 300, y: 0 }, inputs: {} },
    {
      id: 'compute',
      kind: 'process',
      processVersion: 'ndvi:1.0',
      label: 'NDVI',
      position: { x: 0, y: 0 },
      inputs: {
        lat: { dataType: 'latitude', label: 'Latitude' },
        lon: { dataType: 'longitude' },
        mode: { constraints: { enum: ['fast', 'slow'], enum_labels: ['Fast', 'Slow'] }, defaultValue: 'fast' },
        hidden_key: { userVisible: false, defaultValue: 'workflow-key' },
        level: { userEditable: false, description: 'Processing level' },
      },
    },
  ],
  edges: [{ source: 'compute', sourceOutput: 'result', target: 'publish', targetInput: 'raster' }],
};
const FIRST_GRAPH: WorkflowGraph = { nodes: [FULL_GRAPH.nodes[1]!], edges: [] };

/** A valid value for every input of compute; the password is filled in per test. */
const COMPUTE_VALUES: Record<string, string> = {
  lat: '45.5',
  lon: '-73.6',
  count: '12',
  ratio: '0.25',
  period: '2020-01-01 / 2020-02-01',
  mode: 'slow',
  scene: 'S2A_MSIL2A_20200101T000000',
};

/**
 * POST builder/v1/executions (docs/workflows.md "Builder", spec 1 §3, §5, §6): the
 * pinned version, the inputs checked by the execute form's rules, the workflow's own
 * values for hidden and read-only inputs, password inputs kept encrypted.
 */
describe('builder executions: create', () => {
  let app: TestApp;
  let api: ReturnType<typeof builderApi>;
  let olga: Headers;
  let workflowId = '';
  let cipher = '';

  const computeItems = (values: Record<string, string>) => Object.entries(values).map(([identifier, value]) => ({ identifier, value }));
  const payload = (overrides: Record<string, string> = {}, extra: { node_id: string; items: { identifier: string; value: string }[] }[] = []) => ({
    processor_id: workflowId,
    inputs: [
      { node_id: 'compute', items: computeItems({ ...COMPUTE_VALUES, api_key: cipher, ...overrides }) },
      { node_id: 'publish', items: [{ identifier: 'bucket', value: 'my-bucket' }] },
      ...extra,
    ],
  });
  const errorsOf = async (body: object, headers: Headers = olga) => {
    const response = await api.create(body, headers);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<ErrorBody>().errors;
  };
  const item = (execution: ExecutionObject, nodeId: string, identifier: string) =>
    execution.attributes.inputs.find((group) => group.node_id === nodeId)?.items.find((candidate) => candidate.identifier === identifier);

  beforeAll(async () => {
    // the builder API alone: no orchestrator moves these executions on (engine tests: engine-*.test.ts)
    app = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false } });
    api = builderApi(app);
    const seeds = builderSeeds(app);
    olga = await knowledgeApi(app).member('olga');
    await seeds.releasedVersion(
      'ndvi',
      '1.0',
      {
        inputs: [
          { name: 'lat', dataType: 'string' },
          { name: 'lon', dataType: 'float' },
          { name: 'count', dataType: 'integer' },
          { name: 'ratio', dataType: 'float' },
          { name: 'period', dataType: 'date-range' },
          { name: 'mode', dataType: 'string' },
          { name: 'scene', dataType: 'sentinel-2-product' },
          { name: 'api_key', dataType: 'password' },
          { name: 'hidden_key', dataType: 'string' },
          { name: 'level', dataType: 'integer', default: 3 },
        ],
        outputs: [{ name: 'result', dataType: 'geotiff' }],
      },
      'olga',
    );
    await seeds.releasedVersion(
      'export',
      '2',
      {
        inputs: [
          { name: 'raster', dataType: 'geotiff' },
          { name: 'bucket', dataType: 'string', default: 'results' },
        ],
        outputs: [],
      },
      'olga',
    );
    workflowId = await seeds.workflow('ndvi-flow', [FIRST_GRAPH, FULL_GRAPH], { ownerId: 'olga', label: 'NDVI flow' });
    cipher = await encryptForInstance(app, 'p4ssw0rd', olga);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('a valid execution', () => {
    it('is created from the current version, status created, with the tasks in run order; GET answers the same', async () => {
      const response = await api.create(payload(), olga);
      expect(response.statusCode, response.body).toBe(201);
      const execution = response.json<{ data: ExecutionObject }>().data;
      expect(execution).toMatchObject({
        type: 'executions',
        attributes: {
          label: 'NDVI flow',
          ownerId: 'olga',
          isArchived: false,
          processorId: workflowId,
          processorIdentifier: 'ndvi-flow',
          processorLabel: 'NDVI flow',
          processorVersion: 2,
          status: 'created',
          progress: 0,
          executionResults: null,
          workflowExecutionId: null,
          schedule: null,
          startTime: null,
          endTime: null,
          duration: null,
          workspaces: {},
          // never submitted: its owner may still delete it (docs/engine.md "Unsubmitted executions")
          permissions: { change: true, delete: true, share: true },
          workflowExecutionOrder: {
            tasks: [
              { task_slug_id: 'compute', worker_selectors: {}, identifier: 'ndvi', version: '1.0' },
              { task_slug_id: 'publish', worker_selectors: {}, identifier: 'export', version: '2' },
            ],
            workflow: { identifier: 'ndvi-flow', version: 2, 'dag-type': 'standard' },
          },
        },
      });
      expect(execution.attributes.identifier).toMatch(/^ndvi-flow-\d{14}-[0-9a-f]{4}$/);
      expect(execution.attributes.inputs.map((group) => group.node_id)).toEqual(['publish', 'compute']);
      expect(item(execution, 'compute', 'lat')).toEqual({
        identifier: 'lat',
        label: 'Latitude',
        value: '45.5',
        user_visible: true,
        user_editable: true,
        description: '',
        data_type: 'latitude',
      });
      expect(item(execution, 'publish', 'bucket')).toMatchObject({ value: 'my-bucket', data_type: 'string' });
      const read = await api.get(execution.id, olga);
      expect(read.statusCode).toBe(200);
      expect(read.json<{ data: ExecutionObject }>().data).toEqual(execution);
    });

    it('gives every execution its own identifier', async () => {
      const first = await api.created(payload(), olga);
      const second = await api.created(payload(), olga);
      expect(first.attributes.identifier).not.toBe(second.attributes.identifier);
    });

    it('pins the version asked for: its graph, its tasks and its inputs', async () => {
      const execution = await api.created(
        { processor_id: workflowId, processor_version: 1, inputs: [{ node_id: 'compute', items: computeItems({ ...COMPUTE_VALUES, api_key: cipher }) }] },
        olga,
      );
      expect(execution.attributes.processorVersion).toBe(1);
      expect(execution.attributes.workflowExecutionOrder).toEqual({
        tasks: [{ task_slug_id: 'compute', worker_selectors: {}, identifier: 'ndvi', version: '1.0' }],
        workflow: { identifier: 'ndvi-flow', version: 1, 'dag-type': 'standard' },
      });
      expect(execution.attributes.inputs.map((group) => group.node_id)).toEqual(['compute']);
    });

    it('answers 404 for a version the workflow does not have', async () => {
      const response = await api.create({ ...payload(), processor_version: 7 }, olga);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().detail).toBe(`Workflow #${workflowId} has no version 7.`);
    });

    it('takes the workflow value of hidden and read-only inputs, whatever the client sends', async () => {
      const execution = await api.created(payload({ hidden_key: 'client-key', level: '99' }), olga);
      expect(item(execution, 'compute', 'hidden_key')).toMatchObject({ value: 'workflow-key', user_visible: false, user_editable: true });
      expect(item(execution, 'compute', 'level')).toMatchObject({ value: '3', user_visible: true, user_editable: false, description: 'Processing level' });
    });

    it('takes the default of an editable input the client leaves out', async () => {
      const body = payload();
      const execution = await api.created({ ...body, inputs: body.inputs.filter((group) => group.node_id !== 'publish') }, olga);
      expect(item(execution, 'publish', 'bucket')?.value).toBe('results');
    });

    it('accepts the payload wrapped as a JSON:API document, and the workflow named by identifier', async () => {
      const execution = await api.created({ data: { type: 'executions', attributes: { ...payload(), processor_id: 'ndvi-flow' } } } as never, olga);
      expect(execution.attributes).toMatchObject({ processorId: workflowId, status: 'created' });
    });
  });

  describe('invalid inputs (spec 1 §5): one error per input, where the form shows it', () => {
    it.each([
      ['lat', '91', 'Please define a valid coordinate value.'],
      ['lat', 'north', 'Please define a valid coordinate value.'],
      ['lon', '-180.5', 'Please define a valid coordinate value.'],
      ['count', '4.5', 'Please enter a whole number, for example 42 or -7.'],
      ['ratio', '1,5', 'Please enter a decimal number, for example 3.14 or -2.'],
      ['period', '2019-01-01 / 2019-02-01', 'Please give a date range YYYY-MM-DD / YYYY-MM-DD, from 2019-12-18, start before end.'],
      ['period', '2020-03-01 / 2020-02-01', 'Please give a date range YYYY-MM-DD / YYYY-MM-DD, from 2019-12-18, start before end.'],
      ['mode', 'medium', 'Please choose one of the options.'],
      ['scene', '  ', 'A value is required.'],
    ])('refuses %s = %j', async (identifier, value, message) => {
      expect(await errorsOf(payload({ [identifier]: value }))).toEqual([
        { status: '400', title: 'Invalid input', detail: message, source: { pointer: `/data/attributes/inputs/compute/${identifier}` } },
      ]);
    });

    it('reports every bad input at once and creates nothing', async () => {
      const before = (await api.list('page[size]=100', olga)).length;
      const errors = await errorsOf(payload({ lat: '-90.1', count: 'ten', mode: '' }));
      expect(errors.map((error) => [error.source?.pointer, error.detail])).toEqual([
        ['/data/attributes/inputs/compute/lat', 'Please define a valid coordinate value.'],
        ['/data/attributes/inputs/compute/count', 'Please enter a whole number, for example 42 or -7.'],
        ['/data/attributes/inputs/compute/mode', 'A value is required.'],
      ]);
      expect((await api.list('page[size]=100', olga)).length).toBe(before);
    });

    it('refuses values for a node or an input the workflow does not have', async () => {
      const errors = await errorsOf(payload({ colour: 'red' }, [{ node_id: 'ghost', items: [{ identifier: 'x', value: '1' }] }]));
      expect(errors).toEqual([
        {
          status: '400',
          title: 'Invalid input',
          detail: 'Node "compute" has no input "colour".',
          source: { pointer: '/data/attributes/inputs/compute/colour' },
        },
        { status: '400', title: 'Invalid input', detail: 'The workflow has no input on node "ghost".', source: { pointer: '/data/attributes/inputs/ghost' } },
      ]);
    });

    it('refuses a connected input: the upstream task gives its value', async () => {
      const errors = await errorsOf(payload({}, [{ node_id: 'publish', items: [{ identifier: 'raster', value: 'file.tif' }] }]));
      expect(errors.map((error) => error.source?.pointer)).toEqual(['/data/attributes/inputs/publish/raster']);
    });

    it('refuses a payload without a workflow, pointing at processor_id', async () => {
      const errors = await errorsOf({ inputs: [] });
      expect(errors.map((error) => error.source?.pointer)).toEqual(['/data/attributes/processor_id']);
    });
  });

  describe('password inputs', () => {
    it('refuses a clear-text password', async () => {
      expect(await errorsOf(payload({ api_key: 'p4ssw0rd' }))).toEqual([
        {
          status: '400',
          title: 'Invalid input',
          detail: 'This value must be encrypted with the instance key.',
          source: { pointer: '/data/attributes/inputs/compute/api_key' },
        },
      ]);
    });

    it('keeps a value encrypted with the public key sealed for the execution, and serves neither it nor the clear text', async () => {
      const response = await api.create(payload(), olga);
      expect(response.statusCode).toBe(201);
      expect(response.body).not.toContain('p4ssw0rd');
      expect(response.body).not.toContain(cipher);
      const execution = response.json<{ data: ExecutionObject }>().data;
      expect(item(execution, 'compute', 'api_key')).toMatchObject({ value: ENCRYPTED_VALUE_MASK, encrypted: true, data_type: 'password' });
      const [row] = await app.ctx.db
        .select()
        .from(executions)
        .where(eq(executions.id, Number(execution.id)));
      const stored = row!.inputs.find((group) => group.node_id === 'compute')!.items.find((candidate) => candidate.identifier === 'api_key')!.value;
      expect(await app.ctx.keystore.open(stored, executionBinding(execution.attributes.identifier))).toBe('p4ssw0rd');
    });
  });

  describe('workflows that cannot run', () => {
    it('refuses an empty workflow', async () => {
      const empty = await builderSeeds(app).workflow('empty-flow', [], { ownerId: 'olga' });
      const response = await api.create({ processor_id: empty, inputs: [] }, olga);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().detail).toBe('The workflow has no nodes to run.');
    });

    it('refuses a version whose process version is no longer released', async () => {
      const versionId = await builderSeeds(app).releasedVersion('old', '1', { inputs: [], outputs: [] }, 'olga');
      const stale = await builderSeeds(app).workflow(
        'stale-flow',
        [{ nodes: [{ id: 'a', kind: 'process', processVersion: 'old:1', position: { x: 0, y: 0 }, inputs: {} }], edges: [] }],
        { ownerId: 'olga' },
      );
      expect((await api.create({ processor_id: stale }, olga)).statusCode).toBe(201);
      await app.ctx.db.update(processVersions).set({ released: false }).where(eq(processVersions.id, versionId));
      expect(await errorsOf({ processor_id: stale })).toEqual([
        {
          status: '400',
          title: 'Workflow cannot run',
          detail: 'Version 1: Node a: process version "old:1" does not exist, is not released or is not visible to you.',
          source: { pointer: '/data/attributes/processor_version' },
        },
      ]);
    });

    it('refuses an archived workflow with the spec 1 §6 text', async () => {
      const archived = await builderSeeds(app).workflow('archived-flow', [FULL_GRAPH], { ownerId: 'olga', isArchived: true });
      const response = await api.create({ ...payload(), processor_id: archived }, olga);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe('You are not allowed to execute this workflow. Please check your credit score on the Marketplace.');
    });

    it('refuses a workflow the user cannot see (403) and an unknown one (404)', async () => {
      const hidden = await builderSeeds(app).workflow('nils-flow', [FULL_GRAPH], { ownerId: 'nils' });
      const invisible = await api.create({ ...payload(), processor_id: hidden }, olga);
      expect(invisible.statusCode).toBe(403);
      expect(invisible.json<ErrorBody>().detail).toBe('You are not allowed to execute this workflow. Please check your credit score on the Marketplace.');
      expect((await api.create({ ...payload(), processor_id: '999999' }, olga)).statusCode).toBe(404);
      expect((await api.create({ ...payload(), processor_id: 'no-such-flow' }, olga)).statusCode).toBe(404);
    });

    it('answers 401 without a token', async () => {
      expect((await api.create(payload(), {})).statusCode).toBe(401);
    });
  });
});
