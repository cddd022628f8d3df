import fs from 'node:fs/promises';
import path from 'node:path';
import { RELEASE_PASSED_EVENT, BUILD_PASSED_EVENT, type ProcessSignature } from '@asb/contracts';
import { ARCHIVE_PATTERN, extractArchive } from '../../../engine/runtime/extract-archive.js';
import { inspectWrapper } from '../../../engine/runtime/inspect-wrapper.js';
import type { AppContext } from '../../../app-context.js';
import type { ProcessRow } from '../../knowledge/process-access.js';
import type { BucketRepository, BucketRow } from '../buckets/bucket.repository.js';
import { effectiveResources } from '../buckets/effective-resources.js';
import type { BucketStorage } from '../storage/bucket-storage.js';
import { listFiles } from '../storage/file-tree.js';
import { BuildFailure, INTERRUPTED } from './build-failure.js';
import type { BuildLog } from './build-log.js';
import { HEARTBEAT_MS, type BuildKind, type BuildRepository } from './build.repository.js';
import { generateDockerfile, installsOf } from './dockerfile.js';
import { releaseBucket } from './release.repository.js';
import { snapshotFolder } from './snapshot.js';

export interface BuildJob {
  bucket: BucketRow;
  process: ProcessRow;
  kind: BuildKind;
  releaser: string;
  log: BuildLog;
  signal: AbortSignal;
}

/** Python's multi-line error summarised on one line (with its line number), the whole of it below. */
function wrapperFailure(error: string): BuildFailure {
  const lines = error.trim().split('\n');
  const last = lines.at(-1)?.trim() ?? '';
  const line = /line (\d+)/.exec(error)?.[1];
  const where = line && !last.includes(`line ${line}`) ? ` (line ${line})` : '';
  const summary = `Invalid process_wrapper.py: ${last}${where}`;
  return new BuildFailure(lines.length > 1 ? `${summary}\n${error.trim()}` : summary);
}

/**
 * The build of a bucket (spec 2 §4): copy, extract archives, check the wrapper,
 * snapshot, Dockerfile; a release then records the version in one transaction.
 * Runs in a throw-away folder; nothing of the bucket itself changes.
 */
export class BuildPipeline {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: BucketStorage,
    private readonly buckets: BucketRepository,
    private readonly builds: BuildRepository,
  ) {}

  /**
   * Never rejects: every outcome ends in the log and the bucket's status. The
   * build folder is gone before the status turns final, so whoever sees the
   * result (and starts the next build) finds nothing left of this one.
   */
  async run(job: BuildJob): Promise<void> {
    const heartbeat = setInterval(() => void this.builds.heartbeat(job.bucket.id).catch(() => undefined), HEARTBEAT_MS);
    let conclude: () => Promise<void>;
    let dir: string | undefined;
    try {
      dir = await this.storage.scratchDir('builds', String(job.bucket.id));
      conclude = await this.steps(job, path.join(dir, 'process'));
    } catch (error) {
      conclude = () => Promise.reject(error as Error);
    } finally {
      if (dir) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    try {
      await conclude();
    } catch (error) {
      await this.fail(job, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** The steps up to the Dockerfile; returns what ends the build (pass, or release). */
  private async steps(job: BuildJob, processDir: string): Promise<() => Promise<void>> {
    const python = { python: this.ctx.config.pythonCommand, signal: job.signal };
    const checkpoint = async (message: string) => {
      if (job.signal.aborted) throw new BuildFailure(INTERRUPTED);
      await job.log.step(message);
    };

    await checkpoint('Copying the bucket files');
    await fs.mkdir(processDir, { recursive: true });
    const bucketDir = this.storage.bucketDir(job.bucket.id);
    await fs
      .cp(bucketDir, processDir, { recursive: true, filter: async (source) => !(await fs.lstat(source)).isSymbolicLink() })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    const copied = await listFiles(processDir);
    if (copied.length === 0) throw new BuildFailure('The bucket is empty: upload process_wrapper.py and the files it needs.');
    await job.log.step(`${copied.length} file(s) copied`);

    await this.extractArchives(
      job,
      processDir,
      copied.filter((file) => ARCHIVE_PATTERN.test(file)),
      checkpoint,
    );

    await checkpoint('Checking the wrapper');
    const inspection = await inspectWrapper(processDir, python);
    if (inspection.status === 'missing') throw new BuildFailure('No process_wrapper.py at the bucket root (nor at the root of an archive there).');
    if (inspection.status === 'invalid') throw wrapperFailure(inspection.error);
    const { signature } = inspection;
    await job.log.step(describeSignature(signature));

    await checkpoint('Snapshotting the files');
    const manifest = await snapshotFolder(processDir, this.storage.objectsDir);
    await job.log.step(`Snapshot of ${manifest.length} file(s), ${manifest.reduce((sum, entry) => sum + entry.size, 0)} bytes`);

    await checkpoint('Generating the Dockerfile');
    const identifier = `${job.process.identifier}:${job.bucket.value}`;
    const dockerfile = await this.dockerfile(job, identifier, signature);

    if (job.kind === 'dry-run') {
      return async () => {
        await job.log.finish('succeeded', 'Build passed');
        await this.publishPassed(job, BUILD_PASSED_EVENT, {});
      };
    }
    return async () => {
      await checkpoint(`Releasing version ${identifier}`);
      const resources = effectiveResources(job.bucket.resources, signature);
      let versionId = 0;
      await job.log.finish('released', `${job.process.label} released`, async (entry) => {
        versionId = await releaseBucket(this.ctx.db, {
          bucket: job.bucket,
          process: job.process,
          releaser: job.releaser,
          signature,
          manifest,
          dockerfile,
          resources,
          entry,
        });
      });
      await this.publishPassed(job, RELEASE_PASSED_EVENT, { versionId: String(versionId) });
    };
  }

  /** Each archive into its own folder, then the archive goes: the version holds its files. */
  private async extractArchives(job: BuildJob, processDir: string, archives: string[], checkpoint: (message: string) => Promise<void>): Promise<void> {
    for (const archive of archives) {
      await checkpoint(`Extracting ${archive}`);
      const file = path.join(processDir, archive);
      const options = { maxBytes: this.ctx.config.maxExtractedBytes, python: this.ctx.config.pythonCommand, signal: job.signal };
      const result = await extractArchive(file, path.dirname(file), options).catch((error: Error) => {
        throw job.signal.aborted ? error : new BuildFailure(`${archive}: ${error.message}`);
      });
      await fs.rm(file);
      const kept = result.kept.length ? `; kept the uploaded ${result.kept.join(', ')} over the archive's copy` : '';
      await job.log.step(`${archive}: ${result.files} file(s) extracted${kept}`);
    }
  }

  private async dockerfile(job: BuildJob, identifier: string, signature: ProcessSignature): Promise<string> {
    const known = await this.buckets.softwareDependencies(signature.dependencies);
    // The generator's 'Missing requirement {label} of {main}', as a warning: the user may have meant it.
    for (const main of known.filter((row) => row.isMain)) {
      for (const requirement of main.requirements.filter((r) => !signature.dependencies.includes(r))) {
        await job.log.step(`Warning: missing requirement ${requirement} of ${main.identifier}`);
      }
    }
    const { apt, pip } = installsOf(signature.dependencies, known);
    await job.log.step(
      `Dockerfile generated (apt: ${apt.join(' ') || 'none'}; pip: ${pip.join(' ') || 'none'}); container image not built: container builds are off`,
    );
    return generateDockerfile({ identifier, dependencies: signature.dependencies, known });
  }

  private async fail(job: BuildJob, error: unknown): Promise<void> {
    const reason = job.signal.aborted
      ? INTERRUPTED
      : error instanceof BuildFailure
        ? error.message
        : `Internal error during the build: ${(error as Error).message}`;
    if (!(error instanceof BuildFailure) && !job.signal.aborted) this.ctx.log.error({ err: error, bucketId: job.bucket.id }, 'build failed');
    try {
      await job.log.finish('failed', reason);
    } catch (finishError) {
      this.ctx.log.error({ err: finishError, bucketId: job.bucket.id }, 'could not record the build failure');
    }
  }

  private publishPassed(job: BuildJob, type: string, extra: Record<string, unknown>): Promise<void> {
    const payload = { bucketId: String(job.bucket.id), processId: String(job.process.id), label: job.process.label, ...extra };
    return this.ctx.bus.publish({ type, audience: job.process.ownerId, payload });
  }
}

function describeSignature(signature: ProcessSignature): string {
  const names = (list: { name: string }[]) => list.map((item) => item.name).join(', ') || 'none';
  return `Wrapper found: inputs ${names(signature.inputs)}; outputs ${names(signature.outputs)}; dependencies ${signature.dependencies.join(', ') || 'none'}`;
}
