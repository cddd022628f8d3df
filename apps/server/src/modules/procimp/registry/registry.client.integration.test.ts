import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryClient } from './registry.client.js';

describe('RegistryClient', () => {
  let silent: net.Server;
  let port = 0;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // accepts connections and never answers
    silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up after its time-out', async () => {
    const client = new RegistryClient({ url: `http://127.0.0.1:${port}`, username: 'u', password: 'p', repository: 'docker-asb-procs' }, 200);
    await expect(client.components()).rejects.toMatchObject({ kind: 'timeout', message: 'The container registry did not answer within 0.2 s.' });
  });
});
