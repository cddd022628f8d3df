import { z } from 'zod';

/** DELETE /procimp/process/buckets/{b}/files */
export const deleteBucketFilesSchema = z.object({
  files: z.array(z.string().min(1).max(1024)).min(1).max(1000),
});
export type DeleteBucketFiles = z.infer<typeof deleteBucketFilesSchema>;

/** POST /procimp/process/buckets/{b}/files (201): the bucket paths written. */
export const bucketUploadResultSchema = z.object({ files: z.array(z.string()) });
export type BucketUploadResult = z.infer<typeof bucketUploadResultSchema>;

/** DELETE /procimp/process/buckets/{b}/files: the bucket paths removed (folders recursively). */
export const deletedBucketFilesSchema = z.object({ deleted: z.array(z.string()) });

/** Live-event types of the build (event bus, /builder/live and the bucket status streams). */
export const BUCKET_STATUS_EVENT = 'process-bucket-status';
export const BUILD_PASSED_EVENT = 'build-passed';
export const RELEASE_PASSED_EVENT = 'release-passed';

/** GET /procimp/repository/components: one repository of the container registry and its tags. */
export const registryComponentSchema = z.object({ name: z.string(), tags: z.array(z.string()) });
export type RegistryComponent = z.infer<typeof registryComponentSchema>;

/** Unconfigured is a normal answer the repository page shows. */
export const registryListingSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({ configured: z.literal(true), registry: z.string(), repository: z.string(), components: z.array(registryComponentSchema) }),
]);
export type RegistryListing = z.infer<typeof registryListingSchema>;
