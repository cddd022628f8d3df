import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The same provider script the e2e tests start, run under plain node. */
const SCRIPT = fileURLToPath(new URL('../../../../e2e/support/oidc-provider.mjs', import.meta.url));

export interface RunningProvider {
  issuer: string;
  stop(): Promise<void>;
}

/**
 * The issuer's port, held from before the portal starts until the provider takes it: a port
 * released and bound again later may be taken meanwhile by any process of a busy machine (an
 * outgoing connection's port, another test's server). Until then every connection is reset, as a
 * provider that is down refuses it.
 */
export async function holdIssuerPort(): Promise<net.Server> {
  const held = net.createServer((connection) => connection.resetAndDestroy());
  await new Promise<void>((resolve, reject) => {
    held.once('error', reject);
    held.listen(0, '127.0.0.1', resolve);
  });
  return held;
}

/** Starts e2e/support/oidc-provider.mjs on the `held` port for a portal at `asbUrl` and waits until it listens. */
export async function startOidcProvider(held: net.Server, asbUrl: string): Promise<RunningProvider> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_PORT: 'ipc', ASB_URL: asbUrl },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const issuer = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}:\n${output}`)));
  });
  // a provider that exits before the socket is sent fails the start below, not as an unhandled rejection
  issuer.catch(() => undefined);
  // the listening socket goes to the provider; this process's copy closes once it is sent
  await new Promise<void>((resolve, reject) => child.send('listen', held, (error) => (error ? reject(error) : resolve())));
  await new Promise((resolve) => held.close(resolve));
  return {
    issuer: await issuer,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
