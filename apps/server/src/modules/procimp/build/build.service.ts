import type { ImportStatusMessage } from '@asb/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import type { AppContext } from '../../../app-context.js';
import { detailError } from '../../../platform/http/errors.js';
import { bucketAccess } from '../buckets/bucket-access.js';
import type { BucketRepository } from '../buckets/bucket.repository.js';
import type { BucketStorage } from '../storage/bucket-storage.js';
import { bucketStatusEvent, formatLogEntry, toBuildStatus, toStatusMessage } from '../status/status-message.js';
import { BuildLog } from './build-log.js';
import { BuildPipeline } from './build-pipeline.js';
import type { BuildKind, BuildRepository } from './build.repository.js';

const FIRST_STEP: Record<BuildKind, string> = { 'dry-run': 'Build started (dry run)', release: 'Build & Release started' };

/**
 * Starts builds in the background (GET dry-run-import and import answer 202 at
 * once) and stops them on shutdown. One build per bucket at a time.
 */
export class BuildService {
  /** builds of this server, for shutdown; which bucket is busy is the database's business (claim) */
  private readonly running = new Set<{ controller: AbortController; done: Promise<void> }>();
  private readonly pipeline: BuildPipeline;

  constructor(
    private readonly ctx: AppContext,
    private readonly buckets: BucketRepository,
    private readonly builds: BuildRepository,
    storage: BucketStorage,
  ) {
    this.pipeline = new BuildPipeline(ctx, storage, buckets, builds);
  }

  async start(principal: Principal, bucketId: number, kind: BuildKind): Promise<ImportStatusMessage> {
    const { process } = await bucketAccess(this.ctx, this.buckets, principal, bucketId, 'change');
    const claimed = await this.builds.claim(bucketId, kind, formatLogEntry(`${FIRST_STEP[kind]} by ${principal?.username}`));
    if (!claimed) {
      const isReleased = (await this.buckets.find(bucketId))?.released;
      throw detailError(409, isReleased ? `Bucket #${bucketId} is released: its files are read-only.` : `A build of bucket #${bucketId} is already running.`);
    }

    const state = { status: toBuildStatus(claimed.buildStatus), log: claimed.buildLog, startedAt: claimed.buildStartedAt, processLabel: process.label };
    await this.ctx.bus.publish(bucketStatusEvent(bucketId, process.ownerId, state));
    const log = new BuildLog(
      this.ctx,
      this.builds,
      { bucketId, ownerId: process.ownerId, processLabel: process.label, startedAt: claimed.buildStartedAt ?? new Date() },
      claimed.buildLog,
    );
    const controller = new AbortController();
    const build = { controller, done: Promise.resolve() };
    build.done = this.pipeline
      .run({ bucket: claimed, process, kind, releaser: principal?.username ?? process.ownerId, log, signal: controller.signal })
      .finally(() => this.running.delete(build));
    this.running.add(build);
    return toStatusMessage(state);
  }

  /** Shutdown: running builds stop and record that they were interrupted. */
  async close(): Promise<void> {
    const builds = [...this.running.values()];
    for (const build of builds) build.controller.abort();
    await Promise.allSettled(builds.map((build) => build.done));
  }
}
