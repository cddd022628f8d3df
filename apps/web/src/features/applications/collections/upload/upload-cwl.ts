import type { ApplicationSummary } from '@asb/contracts';
import { ApiError, csrfHeaders } from '../../../../app/api/http';

export interface CwlUploadOptions {
  /** names the `uploadUpdate` live messages of this upload's steps */
  uploadId: string;
  /** 0..1 of the file sent */
  onSent(fraction: number): void;
}

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/**
 * POST …/{collection}/upload_cwl (spec 3 §7): multipart `file` and `upload_id`, Accept
 * vnd.api+json. XMLHttpRequest, because fetch reports no upload progress. A refusal is an
 * ApiError whose body carries the server's reason.
 */
export function uploadCwl(collection: string, file: File, { uploadId, onSent }: CwlUploadOptions): Promise<ApplicationSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/backend/v1/catalogue-collections/${encodeURIComponent(collection)}/upload_cwl`);
    for (const [name, value] of Object.entries(csrfHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/vnd.api+json, application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onSent(1);
        resolve((body as { data: ApplicationSummary }).data);
      } else {
        reject(new ApiError(request.status, request.statusText, body));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'Network Error', undefined));
    const form = new FormData();
    // the id first: the server can announce the steps before it has read the whole file
    form.append('upload_id', uploadId);
    form.append('file', file, file.name);
    request.send(form);
  });
}
