/**
 * Model inference latency (issue 17; docs/models.md): the demo's kind of model — a per-pixel
 * classifier over a 4-band scene, [batch, 4, 64, 64] float32 in, classes and probabilities out —
 * called directly with onnxruntime-node in this process, and through the Open Inference Protocol
 * v2 server (runtime/onnx-serve.mjs) over HTTP, with JSON tensors and with the binary tensor data
 * extension, at batch 1 and 32; and (issue 32 §4) through the portal's proxy
 * (`/backend/catalogue/stac/maas/{id}/v2/...`, the portal in a process of its own reaching the
 * demo model's service on its Unix socket; with BENCH_DATABASE_URL also a replica reaching it
 * through the node's gateway over HTTP). One request at a time; the targets are a service
 * overhead of at most 1.2x at batch 32, and 1.3x through the proxy.
 *
 *   npm run bench:models [-- --iterations 200] [-- --proxy false] [-- --service false]
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ort from 'onnxruntime-node';
import { benchArgs, figures, fmt, loadAverage, machineLine } from '../shared/harness.js';

const args = benchArgs();
const ITERATIONS = Number(args.get('iterations') ?? 200);
const SIZE = 64;
const here = path.dirname(fileURLToPath(import.meta.url));
const SERVE = path.join(here, '../../apps/server/src/modules/models/runtime/onnx-serve.mjs');
const PROXY = args.get('proxy') !== 'false';

/** The portal side of the proxy path (proxy-portal.ts), as it printed itself. */
interface ProxyPortal {
  port: number;
  replicaPort?: number;
  authorization: string;
  inferPath: string;
  modelFile: string;
}

/** The demo model's graph (train_land_cover.py's export) with fixed weights: indices, 1x1 Conv, Softmax, ArgMax. */
const MAKE_MODEL = `
import sys, numpy as np, onnx
from onnx import TensorProto, helper, numpy_helper
c = lambda n, v: numpy_helper.from_array(np.asarray(v), n)
rng = np.random.default_rng(1)
inits = [c("scale", np.array(10000, np.float32)), c("eps", np.array(1e-6, np.float32)), c("a1", np.array([1], np.int64)),
         c("g", np.array([1], np.int64)), c("r", np.array([2], np.int64)), c("n", np.array([3], np.int64)), c("e", np.array([4], np.int64)),
         c("w", rng.normal(size=(3, 6, 1, 1)).astype(np.float32)), c("b", np.zeros(3, np.float32))]
N = helper.make_node
nodes = [N("Div", ["bands", "scale"], ["x"]), N("Slice", ["x", "g", "r", "a1"], ["green"]), N("Slice", ["x", "r", "n", "a1"], ["red"]),
         N("Slice", ["x", "n", "e", "a1"], ["nir"]), N("Sub", ["nir", "red"], ["d1"]), N("Add", ["nir", "red"], ["s1"]), N("Add", ["s1", "eps"], ["t1"]),
         N("Div", ["d1", "t1"], ["ndvi"]), N("Sub", ["green", "nir"], ["d2"]), N("Add", ["green", "nir"], ["s2"]), N("Add", ["s2", "eps"], ["t2"]),
         N("Div", ["d2", "t2"], ["ndwi"]), N("Concat", ["x", "ndvi", "ndwi"], ["f"], axis=1), N("Conv", ["f", "w", "b"], ["l"], kernel_shape=[1, 1]),
         N("Softmax", ["l"], ["probabilities"], axis=1), N("ArgMax", ["l"], ["i"], axis=1, keepdims=0), N("Cast", ["i"], ["classes"], to=TensorProto.UINT8)]
graph = helper.make_graph(nodes, "land_cover", [helper.make_tensor_value_info("bands", TensorProto.FLOAT, ["batch", 4, "h", "w"])],
  [helper.make_tensor_value_info("classes", TensorProto.UINT8, ["batch", "h", "w"]), helper.make_tensor_value_info("probabilities", TensorProto.FLOAT, ["batch", 3, "h", "w"])], inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]); model.ir_version = 8
onnx.save(model, sys.argv[1])
`;

const scene = (batch: number) => Float32Array.from({ length: batch * 4 * SIZE * SIZE }, (_, index) => 500 + ((index * 7919) % 3000));

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < 10; warm++) await run();
  const latencies: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Connections kept open between requests, as any client of a service does. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * An inference with the binary tensor data extension: a JSON header, then the tensor's bytes
 * (written as they are, not concatenated into a new buffer); the outputs as bytes too, read into
 * one buffer of the answer's Content-Length — what a careful client does, so that the figures are
 * the path's, not the client library's.
 */
function binaryInference(url: string, batch: number, data: Float32Array, headers: Record<string, string> = {}) {
  const header = Buffer.from(
    JSON.stringify({
      inputs: [{ name: 'bands', shape: [batch, 4, SIZE, SIZE], datatype: 'FP32', parameters: { binary_data_size: data.byteLength } }],
      parameters: { binary_data_output: true },
    }),
  );
  const tensor = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const target = new URL(url);
  return () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/octet-stream',
            'content-length': header.length + tensor.length,
            'inference-header-content-length': header.length,
          },
        },
        (response) => {
          const length = response.headers['content-length'];
          const body = length === undefined ? undefined : Buffer.allocUnsafe(Number(length));
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (body) size += chunk.copy(body, size);
            else chunks.push(chunk);
          });
          response.on('end', () => {
            const bytes = body ?? Buffer.concat(chunks);
            if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}: ${bytes.toString('utf8')}`));
            JSON.parse(bytes.subarray(0, Number(response.headers['inference-header-content-length'])).toString('utf8'));
            resolve();
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.write(header);
      request.end(tensor);
    });
}

/** Starts the portal of the proxy path; resolves once its demo model's service is available. */
async function startProxyPortal() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'proxy-portal.ts')], {
    cwd: path.join(here, '../..'),
    env: { ...process.env, ORT_DISABLE_TELEMETRY: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // its log shares stdout: the portal's own line is the one that says `benchPortal`
  const portal = await new Promise<ProxyPortal>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the portal exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"benchPortal"')) resolve((JSON.parse(line) as { benchPortal: ProxyPortal }).benchPortal);
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { portal, stop: () => (child.stdin!.end(), exited) };
}

async function main() {
  console.log(machineLine());
  console.log(`${ITERATIONS} requests each, one at a time, [batch, 4, ${SIZE}, ${SIZE}] float32; latencies in ms; both sides 1 intra-op thread`);
  if (args.get('service') !== 'false') await serviceRows();
  if (PROXY) await proxyRows();
  agent.destroy();
  console.log(`\nload average at the end: ${loadAverage()}`);
}

/** The service alone (onnx-serve.mjs on loopback TCP) against the direct call, on the bench's own model file. */
async function serviceRows() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-bench-models-'));
  const model = path.join(work, 'land-cover.onnx');
  await promisify(execFile)('/usr/bin/python3', ['-c', MAKE_MODEL, model]);
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const child = spawn(process.execPath, [SERVE, model, 'land-cover', '1', '0'], {
    env: { PATH: process.env.PATH, ORT_DISABLE_TELEMETRY: '1', ASB_CPUS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const url = `http://127.0.0.1:${(JSON.parse(line) as { listening: number }).listening}/v2/models/land-cover/infer`;
  console.log('| batch | path | p50 | p95 | p99 | max | service / direct (p50) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const batch of [1, 32]) {
    const data = scene(batch);
    const direct = figures(await timed(() => session.run({ bands: new ort.Tensor('float32', data, [batch, 4, SIZE, SIZE]) })), 1, 0);
    const body = () => JSON.stringify({ inputs: [{ name: 'bands', shape: [batch, 4, SIZE, SIZE], datatype: 'FP32', data: Array.from(data) }] });
    const json = figures(
      await timed(async () => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body() });
        if (response.status !== 200) throw new Error(`service answered ${response.status}`);
        await response.json();
      }),
      1,
      0,
    );
    const binary = figures(await timed(binaryInference(url, batch, data)), 1, 0);
    for (const [name, f] of [
      ['direct (onnxruntime-node, in process)', direct],
      ['service, JSON tensors', json],
      ['service, binary tensor data', binary],
    ] as const)
      console.log(
        `| ${batch} | ${name} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${f === direct ? '' : `${(f.p50 / direct.p50).toFixed(2)}x`} |`,
      );
  }
  child.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}

/**
 * The proxy path: the portal's route, its access check and its stream to the service's Unix socket
 * (and, with a replica, the gateway's HTTP hop); against a direct call on the same model file
 * (the demo's trained land-cover model, the bench's graph with other weights).
 */
async function proxyRows() {
  const { portal, stop } = await startProxyPortal();
  try {
    const session = await ort.InferenceSession.create(portal.modelFile, { intraOpNumThreads: 1, interOpNumThreads: 1 });
    const headers = { authorization: portal.authorization };
    console.log('\nthrough the portal (binary tensor data), the demo model');
    console.log('| batch | path | p50 | p95 | p99 | max | path / direct (p50) |');
    console.log('|---|---|---|---|---|---|---|');
    for (const batch of [1, 32]) {
      const data = scene(batch);
      const rows: [string, ReturnType<typeof figures>][] = [
        [
          'direct (onnxruntime-node, in process)',
          figures(await timed(() => session.run({ bands: new ort.Tensor('float32', data, [batch, 4, SIZE, SIZE]) })), 1, 0),
        ],
        [
          'portal proxy → service socket',
          figures(await timed(binaryInference(`http://127.0.0.1:${portal.port}${portal.inferPath}`, batch, data, headers)), 1, 0),
        ],
      ];
      if (portal.replicaPort)
        rows.push([
          'replica proxy → gateway (HTTP) → socket',
          figures(await timed(binaryInference(`http://127.0.0.1:${portal.replicaPort}${portal.inferPath}`, batch, data, headers)), 1, 0),
        ]);
      const direct = rows[0]![1];
      for (const [name, f] of rows)
        console.log(
          `| ${batch} | ${name} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${f === direct ? '' : `${(f.p50 / direct.p50).toFixed(2)}x`} |`,
        );
    }
  } finally {
    await stop();
  }
}

await main();
