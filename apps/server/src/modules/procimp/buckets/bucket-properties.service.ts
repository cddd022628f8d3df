import { WRAPPER_FILE, type BucketProperties } from '@asb/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import type { AppContext } from '../../../app-context.js';
import { generateDockerfile } from '../build/dockerfile.js';
import type { BucketStorage } from '../storage/bucket-storage.js';
import { bucketAccess } from './bucket-access.js';
import type { BucketRepository } from './bucket.repository.js';
import { findBucketWrapper } from './bucket-wrapper.js';
import { effectiveResources } from './effective-resources.js';

/** GET process/buckets/{b}/properties and /dockerfile: what the bucket holds now, before any build. */
export class BucketPropertiesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly buckets: BucketRepository,
    private readonly storage: BucketStorage,
  ) {}

  async properties(principal: Principal, bucketId: number): Promise<BucketProperties> {
    const { bucket, process, workspaceIds } = await bucketAccess(this.ctx, this.buckets, principal, bucketId, 'view');
    const inspection = await findBucketWrapper(this.storage.bucketDir(bucketId), { python: this.ctx.config.pythonCommand });
    const signature = inspection.status === 'valid' ? inspection.signature : null;
    return {
      identification: {
        mission: (await this.buckets.firstWorkspaceIdentifier(workspaceIds)) ?? process.ownerId,
        name: process.label,
        version: bucket.value,
        identifier: process.identifier,
      },
      wrapper: {
        detected: inspection.status === 'valid',
        signature,
        error: inspection.status === 'invalid' ? inspection.error : null,
      },
      resources: effectiveResources(bucket.resources, signature),
    };
  }

  /** The Dockerfile the build would generate from the bucket's current wrapper. */
  async dockerfile(principal: Principal, bucketId: number): Promise<string> {
    const { bucket, process } = await bucketAccess(this.ctx, this.buckets, principal, bucketId, 'view');
    const inspection = await findBucketWrapper(this.storage.bucketDir(bucketId), { python: this.ctx.config.pythonCommand });
    const dependencies = inspection.status === 'valid' ? inspection.signature.dependencies : [];
    const text = generateDockerfile({
      identifier: `${process.identifier}:${bucket.value}`,
      dependencies,
      known: await this.buckets.softwareDependencies(dependencies),
    });
    return inspection.status === 'valid' ? text : `# No valid ${WRAPPER_FILE} yet: dependencies are not known.\n${text}`;
  }
}
