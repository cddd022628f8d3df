/**
 * Model inference latency (issue 17; docs/models.md): the demo's kind of model — a per-pixel
 * classifier over a 4-band scene, [batch, 4, 64, 64] float32 in, classes and probabilities out —
 * called directly with onnxruntime-node in this process, and through the Open Inference Protocol
 * v2 server (runtime/onnx-serve.mjs) over HTTP, with JSON tensors and with the binary tensor data
 * extension, at batch 1 and 32. One request
 * at a time; the target is a service overhead of at most 1.2x at batch 32.
 *
 *   npm run bench:models [-- --iterations 200]
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
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

async function main() {
  console.log(machineLine());
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
  console.log(`${ITERATIONS} requests each, one at a time, [batch, 4, ${SIZE}, ${SIZE}] float32; latencies in ms; both sides 1 intra-op thread`);
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
    // the binary tensor data extension: a JSON header, then the tensor's bytes; the outputs as bytes too
    const header = Buffer.from(
      JSON.stringify({
        inputs: [{ name: 'bands', shape: [batch, 4, SIZE, SIZE], datatype: 'FP32', parameters: { binary_data_size: data.byteLength } }],
        parameters: { binary_data_output: true },
      }),
    );
    const binary = figures(
      await timed(async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'inference-header-content-length': String(header.length) },
          body: Buffer.concat([header, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]),
        });
        if (response.status !== 200) throw new Error(`service answered ${response.status}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        const length = Number(response.headers.get('inference-header-content-length'));
        JSON.parse(bytes.subarray(0, length).toString('utf8'));
      }),
      1,
      0,
    );
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
  console.log(`\nload average at the end: ${loadAverage()}`);
}

await main();
