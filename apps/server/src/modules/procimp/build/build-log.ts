import type { BuildStatus } from '@asb/contracts';
import type { AppContext } from '../../../app-context.js';
import { bucketStatusEvent, formatLogEntry, type BucketStatusState } from '../status/status-message.js';
import type { BuildRepository } from './build.repository.js';

export interface BuildTarget {
  bucketId: number;
  ownerId: string;
  processLabel: string;
  startedAt: Date;
}

/**
 * The log of one running build: each entry is persisted before it is published,
 * so a stream that connects later (or after a restart) reads the same log.
 */
export class BuildLog {
  private state: BucketStatusState;

  constructor(
    private readonly ctx: AppContext,
    private readonly builds: BuildRepository,
    private readonly target: BuildTarget,
    initialLog: string,
  ) {
    this.state = { status: 'importing', log: initialLog, startedAt: target.startedAt, processLabel: target.processLabel };
  }

  get content(): string {
    return this.state.log;
  }

  async step(message: string): Promise<void> {
    const entry = formatLogEntry(message);
    await this.builds.append(this.target.bucketId, entry);
    await this.publish({ log: this.state.log + entry });
  }

  /**
   * Ends the build with a last entry. `persist` writes status and entry (by
   * default the plain update; a release does it inside its transaction).
   */
  async finish(status: Exclude<BuildStatus, 'importing' | 'not_started'>, message: string, persist?: (entry: string) => Promise<void>): Promise<void> {
    const entry = formatLogEntry(message);
    await (persist ? persist(entry) : this.builds.finish(this.target.bucketId, status === 'failed' ? 'failed' : 'succeeded', entry));
    await this.publish({ status, log: this.state.log + entry });
  }

  private async publish(change: Partial<BucketStatusState>): Promise<void> {
    this.state = { ...this.state, ...change };
    await this.ctx.bus.publish(bucketStatusEvent(this.target.bucketId, this.target.ownerId, this.state));
  }
}
