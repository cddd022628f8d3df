import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The same provider script the e2e tests start, run under plain node. */
const SCRIPT = fileURLToPath(new URL('../../../../e2e/support/oidc-provider.mjs', import.meta.url));

export interface RunningProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts e2e/support/oidc-provider.mjs for a portal at `asbUrl` and waits until it listens. */
export async function startOidcProvider(port: number, asbUrl: string): Promise<RunningProvider> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_PORT: String(port), ASB_URL: asbUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}:\n${output}`)));
  });
  return {
    issuer,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
