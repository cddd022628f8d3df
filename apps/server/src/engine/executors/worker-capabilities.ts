import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_TARGET } from '@asb/contracts';
import type { TaskJob } from './executor.js';

/**
 * What a worker can run (docs/engine.md "queue", "Capabilities"): every task runs through
 * asb_runner.py in the sandbox, so python is what every worker offers; cwltool runs CWL
 * applications, onnx (onnxruntime-node) model executions.
 */
export const CAPABILITIES = ['python', 'cwltool', 'onnx'] as const;
export type Capability = (typeof CAPABILITIES)[number];
export const isCapability = (value: string): value is Capability => (CAPABILITIES as readonly string[]).includes(value);

/**
 * What a job needs: a model's task onnx, an application's task on the Default target cwltool,
 * a workflow's process python. An application on an ADES is HTTP calls to the ADES, not code
 * that runs here: 'ades' jobs stay on the servers (queue-executor.ts).
 */
export function capabilityOf(job: Pick<TaskJob, 'application' | 'model'>): Capability | 'ades' {
  if (job.model) return 'onnx';
  if (!job.application) return 'python';
  return job.application.target === LOCAL_TARGET.value ? 'cwltool' : 'ades';
}

const run = promisify(execFile);

/** Whether a command answers (exit 0) within a minute: cwltool takes seconds to start on a busy machine. */
async function answers(command: string, args: string[], cwd?: string): Promise<boolean> {
  try {
    await run(command, args, { cwd, timeout: 60_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    return true;
  } catch {
    return false;
  }
}

export interface CapabilityProbe {
  /** ASB_CWLTOOL */
  cwltool: string;
  /** the model task script (its folder resolves onnxruntime-node) */
  modelScript: string;
  /** ASB_WORKER_OFFERS: at most these (an operator keeps a worker to some kinds) */
  allowed?: readonly Capability[];
}

/**
 * What this machine can run, found at the worker's start: cwltool when `cwltool --version`
 * answers, onnx when a Node process loads onnxruntime-node from the model script's folder
 * (its native library included). python always: the sandbox was opened with it.
 */
export async function detectCapabilities(probe: CapabilityProbe): Promise<Capability[]> {
  const allowed = (capability: Capability) => !probe.allowed || probe.allowed.includes(capability);
  const [cwltool, onnx] = await Promise.all([
    allowed('cwltool') ? answers(probe.cwltool, ['--version']) : false,
    allowed('onnx')
      ? answers(process.execPath, ['-e', "require(require.resolve('onnxruntime-node', { paths: [process.cwd()] }))"], path.dirname(probe.modelScript))
      : false,
  ]);
  return CAPABILITIES.filter((capability) => capability === 'python' || (capability === 'cwltool' ? cwltool : onnx)).filter(allowed);
}
