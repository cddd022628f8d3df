import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context.js';
import type { TaskSandbox } from '../../../engine/sandbox/task-sandbox.js';
import { signingSecret } from '../../../platform/auth/signing-secret.js';
import type { ModelExecutionDeps } from '../model-executions.js';
import { ModelServices } from './model-services.js';
import { ServiceNode } from './service-node.js';
import { ServiceStore } from './service-store.js';

export interface ModelServicesSetup extends ModelExecutionDeps {
  /** the folder the services' files live in ({data}/services) */
  root: string;
  /** the OIP server script (runtime/onnx-serve.mjs) */
  script: string;
  sandbox: () => TaskSandbox;
  /** whether this server runs services (a node): where the engine runs */
  isNode: boolean;
}

/**
 * Model services of this server: always the calls (start, status, stop, the proxy), and where
 * the engine runs a node that runs services too, registered once the server is ready and
 * stopped with it (before the engine's hooks).
 */
export async function openModelServices(server: FastifyInstance, ctx: AppContext, setup: ModelServicesSetup): Promise<ModelServices> {
  const settings = ctx.config.modelServices;
  const store = new ServiceStore(ctx, settings.heartbeatMs * settings.deadAfterBeats);
  const secret = await signingSecret(ctx.db, ctx.config.secretKey);
  const node = setup.isNode
    ? new ServiceNode(ctx, store, { ...setup, secret, listen: settings.listen, address: settings.address, heartbeatMs: settings.heartbeatMs })
    : undefined;
  if (node) {
    server.addHook('onReady', () => node.open());
    server.addHook('onClose', () => node.close());
  }
  return new ModelServices(ctx, store, { node, secret, maxServices: settings.max, maxPerUser: settings.perUser });
}
