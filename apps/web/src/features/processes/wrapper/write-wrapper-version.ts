import { WRAPPER_FILE } from '@asb/contracts';
import { uploadBucketFile } from '../api/upload-file';
import { createBucket } from '../api/versions';

/**
 * The generated wrapper as a new unreleased version of a process: the bucket is created,
 * then process_wrapper.py is uploaded into it. Returns the new bucket's id.
 */
export async function writeWrapperVersion(processId: string, code: string): Promise<string> {
  const bucket = await createBucket(processId);
  await uploadBucketFile(bucket.id, new File([code], WRAPPER_FILE, { type: 'text/x-python' }), { onProgress: () => undefined });
  return bucket.id;
}
