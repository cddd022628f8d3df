import type { ProcessResources, ProcessSignature, SnapshotEntry } from '@asb/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { processBuckets, processImages, processVersions } from '../../knowledge/processes.schema.js';
import { isUniqueViolation } from '../../../platform/db/unique-violation.js';
import type { ProcessRow } from '../../knowledge/process-access.js';
import type { BucketRow } from '../buckets/bucket.repository.js';
import { BuildFailure } from './build-failure.js';

export interface ReleaseInput {
  bucket: BucketRow;
  process: ProcessRow;
  releaser: string;
  signature: ProcessSignature;
  manifest: SnapshotEntry[];
  dockerfile: string;
  resources: ProcessResources;
  /** the last log entry, written with the release */
  entry: string;
}

/**
 * Build & Release in ONE transaction: the version, its image (allocated
 * resources) and the bucket turning released either all happen or none does.
 */
export async function releaseBucket(db: Db, input: ReleaseInput): Promise<number> {
  const identifier = `${input.process.identifier}:${input.bucket.value}`;
  try {
    return await db.transaction(async (tx) => {
      const [version] = await tx
        .insert(processVersions)
        .values({
          identifier,
          label: input.process.label,
          ownerId: input.releaser,
          processId: input.process.id,
          bucketId: input.bucket.id,
          value: input.bucket.value,
          released: true,
          signature: input.signature,
          dependencies: input.signature.dependencies,
          manifest: input.manifest,
          dockerfile: input.dockerfile,
        })
        .returning({ id: processVersions.id });
      if (!version) throw new Error('process_versions insert returned no row');
      await tx.insert(processImages).values({
        identifier,
        label: input.process.label,
        ownerId: input.releaser,
        processIdentifier: input.process.identifier,
        processVersion: input.bucket.value,
        versionId: version.id,
        allocatedCpus: input.resources.cpus,
        allocatedMem: input.resources.ramMb,
        allocatedDisk: input.resources.diskMb,
        allocatedGpus: input.resources.gpus,
      });
      const released = await tx
        .update(processBuckets)
        .set({
          released: true,
          versionId: version.id,
          buildStatus: 'released',
          buildLog: sql`${processBuckets.buildLog} || ${input.entry}`,
          buildEndedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(processBuckets.id, input.bucket.id), eq(processBuckets.released, false)))
        .returning({ id: processBuckets.id });
      if (released.length === 0) throw new BuildFailure(`Bucket #${input.bucket.id} was released meanwhile.`);
      return version.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BuildFailure(`Version ${identifier} already exists.`);
    throw error;
  }
}
