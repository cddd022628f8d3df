import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistryListing } from '@asb/contracts';
import type { RegistryConfig } from '../src/config.js';
import { registerRegistryRoutes } from '../src/modules/procimp/registry/registry.routes.js';
import type { AppContext } from '../src/app-context.js';
import { contractSerializerCompiler } from '../src/platform/http/contract-serializer.js';
import { registerErrorHandler } from '../src/platform/http/error-handler.js';
import { hasRegistry, pushImage, REGISTRY_CREDENTIALS, startRegistry, stopRegistry } from './helpers/registry.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Repository browser: GET /procimp/repository/components against a real registry
 * (Debian's docker-registry, started by scripts/registry.sh). scripts/test-all.sh
 * installs it and sets ASB_REQUIRE_REGISTRY=1, so CI never skips this file.
 */
const isRunnable = hasRegistry() || process.env.ASB_REQUIRE_REGISTRY === '1';

describe.runIf(isRunnable)('repository browser', () => {
  let app: TestApp;
  let url: string;
  const repository = 'docker-asb-procs';

  /** the route alone, signed in, with another registry configuration */
  const routeWith = async (registry: RegistryConfig | undefined): Promise<FastifyInstance> => {
    const server = Fastify();
    // the route is mounted from the contract: its schemas are zod, checked as the app checks them
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(contractSerializerCompiler(true, server.log));
    registerErrorHandler(server);
    server.decorateRequest('principal', null);
    server.addHook('onRequest', async (request) => {
      request.principal = { id: 1, username: 'pat', isStaff: false, isSuperuser: false, roles: new Map() };
    });
    registerRegistryRoutes(server, { config: { registry } } as AppContext);
    return server;
  };

  beforeAll(async () => {
    url = await startRegistry();
    await pushImage(url, `${repository}/ndvi`, '1.0');
    await pushImage(url, `${repository}/ndvi`, '1.1');
    await pushImage(url, `${repository}/scale`, '2');
    await pushImage(url, 'someone-else/tool', 'latest');
    app = await createTestApp({ registry: { url, ...REGISTRY_CREDENTIALS, repository } });
  });
  afterAll(async () => {
    await app?.close();
    await stopRegistry();
  });

  it('lists the components of the repository with their tags', async () => {
    const user = await app.userWithHeader('rita');
    const response = await app.server.inject({ url: '/procimp/repository/components', headers: user });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RegistryListing>()).toEqual({
      configured: true,
      registry: new URL(url).host,
      repository,
      components: [
        { name: `${repository}/ndvi`, tags: ['1.0', '1.1'] },
        { name: `${repository}/scale`, tags: ['2'] },
      ],
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await app.server.inject({ url: '/procimp/repository/components' })).statusCode).toBe(401);
  });

  it('says when no registry is configured', async () => {
    const server = await routeWith(undefined);
    expect((await server.inject({ url: '/procimp/repository/components' })).json()).toEqual({ configured: false });
  });

  it('answers 502 with a clear detail when the registry refuses the credentials or cannot be reached', async () => {
    const wrong = await routeWith({ url, username: 'asb', password: 'wrong', repository });
    const refused = await wrong.inject({ url: '/procimp/repository/components' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ detail: 'The container registry refused the configured credentials (HTTP 401).' });

    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const down = await routeWith({ url: `http://127.0.0.1:${closedPort}`, username: undefined, password: undefined, repository });
    const unreachable = await down.inject({ url: '/procimp/repository/components' });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json()).toMatchObject({ detail: `The container registry at http://127.0.0.1:${closedPort} cannot be reached (ECONNREFUSED).` });
  });
});
