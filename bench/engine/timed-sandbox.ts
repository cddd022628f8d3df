import { performance } from 'node:perf_hooks';
import { launchSandbox, type SandboxLaunch } from '../../apps/server/src/engine/sandbox/sandbox-launch.js';

/** One sandbox from launch (its setup through fd 3) to exit, in ms. */
export function timedSandbox(launch: SandboxLaunch, input: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = launchSandbox(launch, { stdio: ['pipe', 'ignore', 'ignore'], onSetupFailed: (reason) => reject(new Error(reason)) });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`the sandbox exited ${code}`))));
    child.stdin!.end(input);
  });
}
