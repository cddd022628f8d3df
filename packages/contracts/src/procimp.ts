import { z } from 'zod';

/** DELETE /procimp/process/buckets/{b}/files */
export const deleteBucketFilesSchema = z.object({
  files: z.array(z.string().min(1).max(1024)).min(1).max(1000),
});
export type DeleteBucketFiles = z.infer<typeof deleteBucketFilesSchema>;

/** POST /procimp/process/buckets/{b}/files (201): the bucket paths written. */
export interface BucketUploadResult {
  files: string[];
}

/** Live-event types of the build (event bus, /builder/live and the bucket status streams). */
export const BUCKET_STATUS_EVENT = 'process-bucket-status';
export const BUILD_PASSED_EVENT = 'build-passed';
export const RELEASE_PASSED_EVENT = 'release-passed';

/** GET /procimp/repository/components: one repository of the container registry and its tags. */
export interface RegistryComponent {
  name: string;
  tags: string[];
}

export type RegistryListing =
  | { configured: false }
  | { configured: true; registry: string; repository: string; components: RegistryComponent[] };
