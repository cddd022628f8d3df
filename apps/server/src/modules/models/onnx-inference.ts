import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { shippedFile } from '../../platform/shipped-file.js';

/** A tensor as the inference script takes and gives it (Open Inference Protocol names). */
export interface TensorFile {
  name: string;
  shape: number[];
  datatype: string;
  /** a file of the tensor's little-endian values */
  file: string;
}

export class InferenceRefused extends Error {}

/** A script of runtime/: beside this module in src/, in dist/models-runtime/ for the built server. */
function modelsRuntimeScript(name: 'onnx-infer.mjs' | 'model-task.mjs' | 'onnx-serve.mjs'): string {
  return shippedFile(import.meta.url, ['runtime', 'models-runtime', '../src/modules/models/runtime'], name);
}

const onnxInferScript = () => modelsRuntimeScript('onnx-infer.mjs');

/** The task of a model execution (runtime/model-task.mjs), which the engine's model runtime runs in the sandbox. */
export const modelTaskScript = () => modelsRuntimeScript('model-task.mjs');

/** The Open Inference Protocol server of a model service (runtime/onnx-serve.mjs). */
export const modelServeScript = () => modelsRuntimeScript('onnx-serve.mjs');

/**
 * Runs an ONNX model once on tensors in files (docs/models.md "Inference"): onnxruntime-node in a
 * Node process of its own, so the server's event loop never waits on it and a crash of the
 * runtime is the process's. The outputs land in `outDir` (`{name}.bin`); a request the model
 * refuses (a missing input, a wrong shape) is an InferenceRefused with the runtime's reason.
 */
export function runOnnx(modelPath: string, inputs: TensorFile[], outDir: string, options: { cpus?: number; timeoutMs?: number } = {}): Promise<TensorFile[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const requestPath = path.join(outDir, 'request.json');
  fs.writeFileSync(requestPath, JSON.stringify({ inputs: inputs.map((input) => ({ ...input, file: path.basename(input.file) })) }));
  for (const input of inputs)
    if (path.dirname(path.resolve(input.file)) !== path.resolve(outDir)) fs.copyFileSync(input.file, path.join(outDir, path.basename(input.file)));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [onnxInferScript(), modelPath, requestPath, outDir],
      {
        timeout: options.timeoutMs ?? 600_000,
        maxBuffer: 1024 * 1024,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ASB_CPUS: String(options.cpus ?? 1), ORT_DISABLE_TELEMETRY: '1', HOME: outDir },
      },
      (error, _stdout, stderr) => {
        if (error) {
          const reason = stderr.trim().split('\n').at(-1) ?? error.message;
          reject(
            typeof error.code === 'number' && error.code === 2 ? new InferenceRefused(reason) : new Error(`ONNX inference failed: ${reason}`, { cause: error }),
          );
          return;
        }
        const response = JSON.parse(fs.readFileSync(path.join(outDir, 'response.json'), 'utf8')) as { outputs: TensorFile[] };
        resolve(response.outputs.map((output) => ({ ...output, file: path.join(outDir, output.file) })));
      },
    );
  });
}
