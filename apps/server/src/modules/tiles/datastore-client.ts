import type { Readable } from 'node:stream';
import { BaseClient, BaseResponse } from 'geotiff';
import { parseRange, type Datastore, type StoredFile } from '../../engine/store/datastore.js';

/** The file is not in the datastore (answered as 404 'No such file.'). */
export class MissingFile extends Error {
  constructor(readonly relative: string) {
    super(`No such file: ${relative}`);
  }
}

/**
 * geotiff.js's HTTP client seam (`fromCustomClient`), answered from the engine's datastore
 * instead of the network: each `Range: bytes=a-b` request becomes
 * `datastore.read(root, relative, {start, end})`, so a GeoTIFF is read piecewise from the
 * local folder or from S3 alike, without an HTTP round trip to ourselves.
 */
export class DatastoreClient extends BaseClient {
  /** the file was not there (geotiff.js reports a failed read only as 'Request failed') */
  missing = false;

  constructor(
    private readonly datastore: Datastore,
    private readonly root: string,
    private readonly relative: string,
  ) {
    super(`datastore:${relative}`);
  }

  override async request(options?: RequestInit): Promise<BaseResponse> {
    const range = parseRange(rangeHeader(options?.headers));
    const file = await this.datastore.read(this.root, this.relative, range);
    if (!file) {
      this.missing = true;
      throw new MissingFile(this.relative);
    }
    const expected = file.range ? file.range.end - file.range.start + 1 : file.size;
    return new DatastoreResponse(file, await readBody(file.body, expected));
  }
}

class DatastoreResponse extends BaseResponse {
  constructor(
    private readonly file: StoredFile,
    private readonly data: ArrayBuffer,
  ) {
    super();
  }

  override get status(): number {
    return this.file.range ? 206 : 200;
  }

  override getHeader(name: string): string | undefined {
    const { range, size } = this.file;
    if (name.toLowerCase() === 'content-range' && range) return `bytes ${range.start}-${range.end}/${size}`;
    if (name.toLowerCase() === 'content-length') return String(this.data.byteLength);
    return undefined;
  }

  override async getData(): Promise<ArrayBuffer> {
    return this.data;
  }
}

function rangeHeader(headers: RequestInit['headers']): string | undefined {
  if (!headers) return undefined;
  return new Headers(headers).get('range') ?? undefined;
}

/** The stream's bytes in one ArrayBuffer of their own (geotiff.js keeps and slices it). */
async function readBody(body: Readable, expected: number): Promise<ArrayBuffer> {
  const buffer = new Uint8Array(new ArrayBuffer(expected));
  let offset = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (offset + chunk.length > expected) throw new Error(`The datastore sent more than the ${expected} bytes asked for.`);
    buffer.set(chunk, offset);
    offset += chunk.length;
  }
  if (offset !== expected) throw new Error(`The datastore sent ${offset} of ${expected} bytes.`);
  return buffer.buffer;
}
