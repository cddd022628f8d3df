import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@asb/contracts';
import { detailError } from '../../../platform/http/errors.js';
import { safeRelativePath } from '../storage/safe-path.js';

export interface StagedUpload {
  /** the optional `path` field: the bucket subfolder the files go into */
  folder: string;
  files: { relative: string; staged: string }[];
}

const MB = 1024 * 1024;
const tooLarge = (name: string) => detailError(413, `File ${name} is larger than the ${MAX_UPLOAD_BYTES / MB} MB limit.`);
const requestTooLarge = (limit: number) => detailError(413, `The files of one upload may add up to at most ${limit / MB} MB: upload them in several steps.`);
const tooManyFiles = (limit: number) => detailError(413, `One upload may hold at most ${limit} files: upload them in several steps.`);

const codeOf = (error: unknown) => (error as { code?: string } | undefined)?.code;

export interface UploadRequestLimits {
  requestBytes: number;
  filesPerRequest: number;
}

/**
 * Streams every `files` part into the staging folder and collects the `path`
 * field. Nothing reaches the bucket here: a file over its limit, files adding up to
 * more than the request's limit or more files than it allows fail the whole request
 * (413), and the caller throws the staging folder away.
 */
export async function receiveUpload(parts: AsyncIterable<Multipart>, staging: string, limits: UploadRequestLimits): Promise<StagedUpload> {
  try {
    return await receiveParts(parts, staging, limits);
  } catch (error) {
    if (codeOf(error) === 'FST_FILES_LIMIT') throw tooManyFiles(limits.filesPerRequest);
    throw error;
  }
}

async function receiveParts(parts: AsyncIterable<Multipart>, staging: string, limits: UploadRequestLimits): Promise<StagedUpload> {
  const upload: StagedUpload = { folder: '', files: [] };
  let folder = '';
  let received = 0;
  /** counts the request's bytes as they arrive, and stops at its limit */
  async function* counted(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      received += chunk.byteLength;
      if (received > limits.requestBytes) throw requestTooLarge(limits.requestBytes);
      yield chunk;
    }
  }
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'path') folder = String(part.value);
      continue;
    }
    if (part.fieldname !== 'files') {
      part.file.resume();
      throw detailError(400, `Unexpected file field '${part.fieldname}': send the files as 'files'.`);
    }
    const relative = safeRelativePath(part.filename);
    if (!relative) throw detailError(400, 'A file without a name was sent.');
    const staged = path.join(staging, String(upload.files.length));
    try {
      await pipeline(part.file, counted, fs.createWriteStream(staged));
    } catch (error) {
      if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.filename);
      throw error;
    }
    if (part.file.truncated) throw tooLarge(part.filename);
    upload.files.push({ relative, staged });
  }
  upload.folder = safeRelativePath(folder);
  return upload;
}
