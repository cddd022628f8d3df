import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import http from 'node:http';
import { Ajv } from 'ajv';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const OPENAPI = testdata('oip', 'specification', 'protocol', 'open_inference_rest.yaml');
const SERVE = path.join(import.meta.dirname, '../src/modules/models/runtime/onnx-serve.mjs');

/** A tiny model made with Debian's python3-onnx: y = 2x + 1 (FP32 [-1, 3]) and the index of each row's largest value (INT64 [-1]). */
const MAKE_MODEL = `
import sys, onnx
from onnx import TensorProto, helper
two = helper.make_tensor("two", TensorProto.FLOAT, [], [2.0])
one = helper.make_tensor("one", TensorProto.FLOAT, [], [1.0])
graph = helper.make_graph(
    [helper.make_node("Mul", ["x", "two"], ["x2"]), helper.make_node("Add", ["x2", "one"], ["y"]),
     helper.make_node("ArgMax", ["x"], ["top"], axis=1, keepdims=0)],
    "affine", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 3])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 3]), helper.make_tensor_value_info("top", TensorProto.INT64, ["batch"])],
    [two, one])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
model.ir_version = 8
onnx.checker.check_model(model)
onnx.save(model, sys.argv[1])
`;
import { maasProxy, streamBodies } from '../src/modules/models/services/maas-proxy.js';
import type { ModelServices } from '../src/modules/models/services/model-services.js';
import { refuseNulCharacters } from '../src/platform/http/input-guards.js';
import { testdata } from './helpers/testdata.js';

/**
 * A model as a service (docs/models.md "Model as a service"): the Open Inference Protocol v2 REST
 * server of onnx-serve.mjs, its answers validated against the protocol's OpenAPI document
 * (../shared/testdata/oip), bad requests answered with the protocol's error body and a 4xx.
 */
describe('onnx-serve.mjs: an Open Inference Protocol v2 server', () => {
  let child: ChildProcess;
  let base = '';
  let work = '';
  const ajv = new Ajv({ strict: false, allErrors: true });

  beforeAll(async () => {
    const spec = parse(fs.readFileSync(OPENAPI, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    ajv.addSchema({ $id: 'oip', components: spec.components });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-oip-'));
    await promisify(execFile)('/usr/bin/python3', ['-c', MAKE_MODEL, path.join(work, 'affine.onnx')]);
    child = spawn(process.execPath, [SERVE, path.join(work, 'affine.onnx'), 'affine', '3', '0'], {
      env: { PATH: process.env.PATH, ORT_DISABLE_TELEMETRY: '1', ASB_MAX_REQUEST_MB: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = await new Promise<string[]>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`onnx-serve exited ${code}`)));
      createInterface({ input: child.stdout! }).once('line', (text) => resolve([text]));
    });
    base = `http://127.0.0.1:${(JSON.parse(line!) as { listening: number }).listening}`;
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  const valid = (schema: string, body: unknown) => {
    const validate = ajv.getSchema(`oip#/components/schemas/${schema}`)!;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  };
  const get = (url: string) => fetch(`${base}${url}`);
  const infer = (body: unknown, url = '/v2/models/affine/infer') =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('is live and ready, and describes itself and its model as the protocol says', async () => {
    expect((await get('/v2/health/live')).status).toBe(200);
    expect((await get('/v2/health/ready')).status).toBe(200);
    const server = await (await get('/v2')).json();
    valid('metadata_server_response', server);
    const model = await get('/v2/models/affine');
    expect(model.status).toBe(200);
    const metadata = await model.json();
    valid('metadata_model_response', metadata);
    expect(metadata).toMatchObject({
      name: 'affine',
      versions: ['3'],
      inputs: [{ name: 'x', datatype: 'FP32', shape: [-1, 3] }],
      outputs: [
        { name: 'y', datatype: 'FP32', shape: [-1, 3] },
        { name: 'top', datatype: 'INT64', shape: [-1] },
      ],
    });
    expect((await get('/v2/models/affine/versions/3/ready')).status).toBe(200);
    expect((await get('/v2/models/affine/ready')).status).toBe(200);
  });

  it('infers: the outputs of the model, nested or flat data, the id echoed, only the outputs asked for', async () => {
    const response = await infer({
      id: '42',
      inputs: [
        {
          name: 'x',
          shape: [2, 3],
          datatype: 'FP32',
          data: [
            [1, 5, 2],
            [0.5, -1, 0],
          ],
        },
      ],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    valid('inference_response', body);
    expect(body).toEqual({
      model_name: 'affine',
      model_version: '3',
      id: '42',
      outputs: [
        { name: 'y', datatype: 'FP32', shape: [2, 3], data: [3, 11, 5, 2, -1, 1] },
        { name: 'top', datatype: 'INT64', shape: [2], data: [1, 0] },
      ],
    });
    const only = (await (
      await infer(
        { inputs: [{ name: 'x', shape: [1, 3], datatype: 'FP32', data: [0, 0, 9] }], outputs: [{ name: 'top' }] },
        '/v2/models/affine/versions/3/infer',
      )
    ).json()) as { outputs: unknown[] };
    valid('inference_response', only);
    expect(only.outputs).toEqual([{ name: 'top', datatype: 'INT64', shape: [1], data: [2] }]);
  });

  it("answers a wrong shape, datatype, missing input or malformed body with the protocol's error body and a 400, never a 5xx", async () => {
    const bad = [
      { inputs: [{ name: 'x', shape: [1, 4], datatype: 'FP32', data: [1, 2, 3, 4] }] },
      { inputs: [{ name: 'x', shape: [1, 3], datatype: 'INT32', data: [1, 2, 3] }] },
      { inputs: [{ name: 'x', shape: [1, 3], datatype: 'FP32', data: [1, 2] }] },
      { inputs: [{ name: 'z', shape: [1, 3], datatype: 'FP32', data: [1, 2, 3] }] },
      { inputs: [{ name: 'x', shape: [1, 3], datatype: 'FP32', data: [1, 'two', 3] }] },
      { inputs: [] },
      { outputs: [{ name: 'y' }] },
      { inputs: [{ name: 'x', shape: [1, 3], datatype: 'FP32', data: [1, 2, 3] }], outputs: [{ name: 'nope' }] },
      '{"inputs": [',
      '[]',
    ];
    for (const body of bad) {
      const response = await infer(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { error: string };
      valid('inference_error_response', error);
      expect(error.error.length).toBeGreaterThan(0);
    }
    // data nested deeper than any stack
    const nested = `${'['.repeat(100_000)}1, 2, 3${']'.repeat(100_000)}`;
    const deep = await infer(`{"inputs":[{"name":"x","shape":[1,3],"datatype":"FP32","data":${nested}}]}`);
    expect(deep.status).toBe(400);
    valid('inference_error_response', await deep.json());
    // over the service's body limit (1 MB here): 413 with the error body, by Content-Length or as it grows
    const huge = await infer({ inputs: [{ name: 'x', shape: [1, 3], datatype: 'FP32', data: new Array(300_000).fill(1.5) }] });
    expect(huge.status).toBe(413);
    valid('inference_error_response', await huge.json());
    expect((await get('/v2/models/%E0/ready')).status).toBe(404);
    const unknown = await infer({ inputs: [{ name: 'x', shape: [1, 3], datatype: 'FP32', data: [1, 2, 3] }] }, '/v2/models/other/infer');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty('error');
    expect((await get('/v2/models/affine/versions/9')).status).toBe(404);
    expect((await get('/nothing')).status).toBe(404);
  });

  it('reads JSON tensor data flat or nested, in any member order, and says which input is wrong and why', async () => {
    const outputsOf = async (text: string) => {
      const response = await infer(text);
      expect(response.status, text).toBe(200);
      return ((await response.json()) as { outputs: { name: string; data: number[] }[] }).outputs;
    };
    const expected = [
      { name: 'y', datatype: 'FP32', shape: [2, 3], data: [201, 11, 0.5, 2, -1, 1] },
      { name: 'top', datatype: 'INT64', shape: [2], data: [0, 0] },
    ];
    // nested, flat, numbers in every JSON form, whitespace anywhere; data before its datatype and shape too
    expect(await outputsOf('{"inputs":[{"name":"x","shape":[2,3],"datatype":"FP32","data":[[1e2, 5, -0.25], [0.5,-1E0,0]]}]}')).toEqual(expected);
    expect(await outputsOf('{"inputs":[{"name":"x","shape":[2,3],"datatype":"FP32","data":[100,5.0,-2.5e-1,5e-1,-1,0]}]}')).toEqual(expected);
    expect(
      await outputsOf('{ "inputs" : [ { "data" : [ [ 100 , 5 , -0.25 ] , [ 0.5 , -1 , 0 ] ] , "name" : "x" , "datatype" : "FP32" , "shape" : [ 2 , 3 ] } ] }'),
    ).toEqual(expected);

    const refused = async (text: string, message: string) => {
      const response = await infer(text);
      expect(response.status, text).toBe(400);
      const error = (await response.json()) as { error: string };
      valid('inference_error_response', error);
      expect(error.error, text).toContain(message);
    };
    const input = (data: string, more = '"shape":[2,3],"datatype":"FP32"') => `{"inputs":[{"name":"x",${more},"data":${data}}]}`;
    // too few, too many (the shape said first, or not yet), rows of unequal length
    await refused(input('[1,2,3,4,5]'), 'Input "x": 5 values do not fill the shape [2, 3]');
    await refused(input('[1,2,3,4,5,6,7]'), 'Input "x": 7 values do not fill the shape [2, 3]');
    await refused(input('[[1,2,3],[4,5,6],[7,8,9]]'), 'Input "x": 9 values do not fill the shape [2, 3]');
    await refused(`{"inputs":[{"data":[1,2,3,4,5,6,7,8],"name":"x","shape":[2,3],"datatype":"FP32"}]}`, 'Input "x": 8 values do not fill the shape [2, 3]');
    await refused(input('[[1,2,3],[4,5]]'), '5 values do not fill');
    // a shape far larger than the body is not allocated ahead of its values
    await refused(input('[1,2,3]', '"shape":[1000000000000,3],"datatype":"FP32"'), 'Input "x": 3 values do not fill the shape [1000000000000, 3]');
    // anything but numbers (and booleans) is refused, wherever it is
    for (const data of ['[1,2,"3",4,5,6]', '[[1,2,3],[4,null,6]]', '[1,2,3,4,5,{"six":6}]', '[[1,2,3],[4,5,["6"]]]'])
      await refused(input(data), 'Input "x": every value must be a number');
    await refused(input('7'), 'Input "x": "data" must be a list');
    // not JSON inside the data: the byte where it stops being JSON
    for (const data of ['[1,2,3,4,5,]', '[1,,2,3,4,5,6]', '[1 2,3,4,5,6]', '[01,2,3,4,5,6]', '[1.,2,3,4,5,6]', '[-,2,3,4,5,6]', '[1,2,3,4,5,6'])
      await refused(input(data), 'The request is not JSON (at byte');
  });

  it('takes and gives tensors as binary data (the binary tensor data extension), for large tensors without JSON numbers', async () => {
    const values = new Float32Array([1, 5, 2, 0.5, -1, 0]);
    const header = Buffer.from(
      JSON.stringify({
        inputs: [{ name: 'x', shape: [2, 3], datatype: 'FP32', parameters: { binary_data_size: values.byteLength } }],
        outputs: [{ name: 'y', parameters: { binary_data: true } }, { name: 'top' }],
      }),
    );
    const response = await fetch(`${base}/v2/models/affine/infer`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'inference-header-content-length': String(header.length) },
      body: Buffer.concat([header, Buffer.from(values.buffer)]),
    });
    expect(response.status, response.status === 200 ? '' : await response.text()).toBe(200);
    const length = Number(response.headers.get('inference-header-content-length'));
    const bytes = Buffer.from(await response.arrayBuffer());
    const answer = JSON.parse(bytes.subarray(0, length).toString('utf8')) as {
      outputs: { name: string; data?: number[]; parameters?: { binary_data_size: number } }[];
    };
    expect(answer.outputs).toEqual([
      { name: 'y', datatype: 'FP32', shape: [2, 3], parameters: { binary_data_size: 24 } },
      { name: 'top', datatype: 'INT64', shape: [2], data: [1, 0] },
    ]);
    const y = bytes.subarray(length);
    expect(Array.from(new Float32Array(y.buffer.slice(y.byteOffset, y.byteOffset + y.byteLength)))).toEqual([3, 11, 5, 2, -1, 1]);
    // the server says it speaks the extension; too few bytes are a 400
    expect(((await (await get('/v2')).json()) as { extensions: string[] }).extensions).toEqual(['binary_tensor_data']);
    const short = await fetch(`${base}/v2/models/affine/infer`, {
      method: 'POST',
      headers: { 'inference-header-content-length': String(header.length) },
      body: Buffer.concat([header, Buffer.from(values.buffer).subarray(0, 8)]),
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: string }).error).toContain('binary data ends');
  });

  it('reads binary tensor data in place at any header length, and refuses sizes that do not match the shape or the body', async () => {
    const values = new Float32Array([1, 5, 2, 0.5, -1, 0]);
    const post = (header: object, bytes: Buffer, pad = 0) => {
      const json = Buffer.from(JSON.stringify(header) + ' '.repeat(pad));
      return fetch(`${base}/v2/models/affine/infer`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'inference-header-content-length': String(json.length) },
        body: Buffer.concat([json, bytes]),
      });
    };
    const header = (size: number) => ({
      inputs: [{ name: 'x', shape: [2, 3], datatype: 'FP32', parameters: { binary_data_size: size } }],
      outputs: [{ name: 'y' }],
    });
    const bytes = Buffer.from(values.buffer);
    // whatever the JSON header's length, the tensor that follows it is read right
    for (let pad = 0; pad < 8; pad++) {
      const response = await post(header(24), bytes, pad);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { outputs: { data: number[] }[] }).outputs[0]!.data).toEqual([3, 11, 5, 2, -1, 1]);
    }
    const refused = async (response: Response, message: string) => {
      expect(response.status).toBe(400);
      const error = (await response.json()) as { error: string };
      valid('inference_error_response', error);
      expect(error.error).toContain(message);
    };
    await refused(await post(header(20), bytes.subarray(0, 20)), 'Input "x": 20 bytes do not fill the shape [2, 3] of FP32');
    await refused(await post(header(28), Buffer.concat([bytes, Buffer.alloc(4)])), 'Input "x": 28 bytes do not fill the shape [2, 3] of FP32');
    await refused(await post(header(24), Buffer.concat([bytes, Buffer.alloc(4)])), 'The binary data is longer than the inputs say');
    await refused(await post(header(-24), bytes), 'binary_data_size must be a whole number');
    await refused(await post(header(2.5), bytes), 'binary_data_size must be a whole number');
    const json = Buffer.from(JSON.stringify(header(24)));
    await refused(
      await fetch(`${base}/v2/models/affine/infer`, {
        method: 'POST',
        headers: { 'inference-header-content-length': String(json.length + bytes.length + 1) },
        body: Buffer.concat([json, bytes]),
      }),
      'Inference-Header-Content-Length must be the length of the JSON header',
    );
  });

  it("passes binary and JSON tensors through the portal's proxy to a service's Unix socket, and refuses a body over the services' limit at once", async () => {
    // the service as the portal starts it (on a socket), and the proxy's route as models.routes.ts mounts it, for a signed-in user
    const socketPath = path.join(work, 'oip.sock');
    const onSocket = spawn(process.execPath, [SERVE, path.join(work, 'affine.onnx'), 'affine', '3', socketPath], {
      env: { PATH: process.env.PATH, ORT_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const proxy = Fastify();
    try {
      await new Promise((resolve) => createInterface({ input: onSocket.stdout! }).once('line', resolve));
      proxy.decorateRequest('principal', null);
      // as the app: a hook that walks every parsed body (the stream must not be walked into)
      refuseNulCharacters(proxy);
      proxy.addHook('onRequest', async (request) => {
        request.principal = { id: 1, username: 'dora', isStaff: false, isSuperuser: false, roles: new Map() };
      });
      const services = { target: async () => ({ generation: 1, socketPath }) } as unknown as ModelServices;
      await proxy.register(async (scope) => {
        streamBodies(scope);
        // mount() hands the proxy a request whose principal is set; here the hook above sets it
        scope.post('/maas/:id/v2/*', maasProxy(services) as never);
      });
      await proxy.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(proxy.server.address() as { port: number }).port}/maas/7/v2/models/affine/infer`;

      const values = new Float32Array([1, 5, 2, 0.5, -1, 0]);
      const header = Buffer.from(
        JSON.stringify({
          inputs: [{ name: 'x', shape: [2, 3], datatype: 'FP32', parameters: { binary_data_size: values.byteLength } }],
          parameters: { binary_data_output: true },
        }),
      );
      const binary = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'inference-header-content-length': String(header.length) },
        body: Buffer.concat([header, Buffer.from(values.buffer)]),
      });
      expect(binary.status).toBe(200);
      const length = Number(binary.headers.get('inference-header-content-length'));
      const bytes = Buffer.from(await binary.arrayBuffer());
      const y = bytes.subarray(length, length + 24);
      expect(Array.from(new Float32Array(y.buffer.slice(y.byteOffset, y.byteOffset + y.byteLength)))).toEqual([3, 11, 5, 2, -1, 1]);

      const json = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"inputs":[{"name":"x","shape":[1,3],"datatype":"FP32","data":[[0,0,9]]}],"outputs":[{"name":"top"}]}',
      });
      expect(await json.json()).toMatchObject({ outputs: [{ name: 'top', data: [2] }] });

      // a declared 70 MB: refused before a byte of it is read or sent on
      const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          url,
          { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': 70 * 1024 * 1024 } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => {
              request.destroy();
              resolve({ status: response.statusCode ?? 0, body });
            });
          },
        );
        request.on('error', reject);
        request.write(Buffer.alloc(1024));
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ error: 'The request is larger than a model service takes (64 MB).' });
    } finally {
      await proxy.close();
      const exited = new Promise((resolve) => onSocket.once('exit', resolve));
      onSocket.kill('SIGTERM');
      await exited;
    }
  });
});
