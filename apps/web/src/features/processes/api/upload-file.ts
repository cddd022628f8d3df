import { MAX_UPLOAD_BYTES } from '@asb/contracts';
import { ApiError, csrfHeaders } from '../../../app/api/http';
import { importerPath } from './bucket-content';

/** The client's refusal uses the server's 413 wording, so both read the same. */
export function tooLargeText(fileName: string): string {
  return `File ${fileName} is larger than the ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB limit.`;
}

export interface UploadOptions {
  onProgress(fraction: number): void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/**
 * Uploads one file to a bucket (multipart field `files`). XMLHttpRequest,
 * because fetch reports no upload progress; one request per file gives a
 * progress bar per file. Failures are ApiErrors for the central handler.
 */
export function uploadBucketFile(bucketId: string, file: File, { onProgress, signal }: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', importerPath(bucketId, 'files'));
    for (const [name, value] of Object.entries(csrfHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new ApiError(request.status, request.statusText, parseBody(request.responseText)));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'Network Error', undefined));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('files', file, file.name);
    request.send(form);
  });
}
