import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launchSandbox } from '../../../engine/sandbox/sandbox-launch.js';
import { firstErrorLine } from '../../../engine/runtime/failure-cause.js';
import type { TaskSandbox } from '../../../engine/sandbox/task-sandbox.js';

export const SOCKET = 'oip.sock';
/** The service's log: its last lines are the reason of an error. */
export const LOG = 'service.log';

/** A GET through a Unix socket; resolves with the status (0 when nothing answers). */
export function getStatus(socketPath: string, urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: urlPath, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.on('timeout', () => request.destroy());
  });
}

/** Whether the process group led by `pid` still has a process. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The reason of a service's end in its log: its own 'asb_model: ' line, a crash's first error line, else its last lines. */
export function lastWords(logPath: string): string {
  try {
    const lines = fs
      .readFileSync(logPath, 'utf8')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean);
    const own = lines.findLast((line) => line.startsWith('asb_model: '));
    if (own) return own.slice('asb_model: '.length);
    const cause = firstErrorLine(lines);
    if (cause) return cause.slice(0, 2000);
    return lines.slice(-6).join('\n').slice(-2000) || 'The service stopped.';
  } catch {
    return 'The service stopped.';
  }
}

export interface ServiceLaunch {
  /** the service's folder: package/model.onnx in, run/oip.sock and service.log out */
  dir: string;
  modelName: string;
  modelVersion: string;
  memoryMb: number;
  script: string;
  readOnly: string[];
  sandbox: TaskSandbox;
  /** its process ended (after its control group is removed or not) */
  onExit(): void;
  onWarning(error: unknown): void;
}

/**
 * Starts `runtime/onnx-serve.mjs` in the task sandbox: no network, the applications' memory
 * limit, the model read-only, listening on a Unix socket in its output folder. Answers the pid
 * of its process group.
 */
export function launchServiceProcess(launch: ServiceLaunch): number {
  const runDir = path.join(launch.dir, 'run');
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.rmSync(path.join(launch.dir, 'scratch'), { recursive: true, force: true });
  const spawned = launch.sandbox.spawn({
    job: { inputs: {}, outDir: runDir, cpus: 1, memoryMb: launch.memoryMb, diskMb: 64, network: false },
    wrapperDir: path.join(launch.dir, 'package'),
    scratchDir: path.join(launch.dir, 'scratch'),
    cpuList: [...Array(os.availableParallelism()).keys()],
    readOnly: launch.readOnly,
    // its socket is found in its output folder
    ownFilesystem: false,
    command: (folders) => [process.execPath, launch.script, `${folders.wrapper}/model.onnx`, launch.modelName, launch.modelVersion, `${folders.out}/${SOCKET}`],
  });
  const log = fs.openSync(path.join(launch.dir, LOG), 'w');
  const child = launchSandbox(spawned, { stdio: ['ignore', log, log], onSetupFailed: () => undefined });
  fs.closeSync(log);
  const removeGroup = () => spawned.cgroup?.remove().catch(launch.onWarning);
  if (child.pid === undefined) {
    void removeGroup();
    throw new Error('the service could not be started');
  }
  child.once('exit', () => {
    void removeGroup();
    launch.onExit();
  });
  child.on('error', () => undefined);
  return child.pid;
}
