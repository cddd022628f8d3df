import { MAX_UPLOAD_BYTES } from '@asb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleError } from '../../../../app/api/error-handler';
import { ApiError } from '../../../../app/api/http';
import { bucketContentKey } from '../../api/keys';
import { tooLargeText, uploadBucketFile } from '../../api/upload-file';

export interface UploadItem {
  key: number;
  name: string;
  /** 0..1 */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

let nextKey = 1;

/** The reason shown under a failed file: the server's detail (413 and the like), else the status. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown } | undefined;
    if (body && typeof body.detail === 'string') return body.detail;
    return error.status ? `${error.status} ${error.statusText}` : 'Network error';
  }
  return error instanceof Error ? error.message : 'Upload failed';
}

/**
 * Uploads files to a bucket, one request per file so each has its own progress
 * (spec 2 §5: 20 MB per file, refused before sending). Files and properties are
 * fetched again after each upload: a new process_wrapper.py changes both.
 */
export function useUploads(bucketId: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = (key: number, patch: Partial<UploadItem>) => setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const uploadOne = async (file: File) => {
    const key = nextKey++;
    if (file.size > MAX_UPLOAD_BYTES) {
      setItems((current) => [...current, { key, name: file.name, progress: 0, status: 'failed', error: tooLargeText(file.name) }]);
      return;
    }
    setItems((current) => [...current, { key, name: file.name, progress: 0, status: 'uploading' }]);
    try {
      await uploadBucketFile(bucketId, file, { onProgress: (progress) => update(key, { progress }) });
      update(key, { status: 'done', progress: 1 });
    } catch (error) {
      update(key, { status: 'failed', error: failureText(error) });
      // a refused file is explained on its row; anything else also goes to the central handler
      if (!(error instanceof ApiError && error.status === 413)) handleError(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: bucketContentKey(bucketId) });
    }
  };

  return {
    items,
    upload: (files: File[]) => Promise.all(files.map(uploadOne)),
    clearFinished: () => setItems((current) => current.filter((item) => item.status === 'uploading')),
  };
}
