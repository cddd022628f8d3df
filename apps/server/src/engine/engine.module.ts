import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import type { BucketStorage } from '../modules/procimp/storage/bucket-storage.js';

/** The engine: orchestrator and executor (docs/engine.md). */
export async function registerEngine(app: FastifyInstance, ctx: AppContext, storage: BucketStorage): Promise<void> {
  void app;
  void ctx;
  void storage;
  await Promise.resolve();
}
