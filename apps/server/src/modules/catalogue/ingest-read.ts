import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';

/** A STAC document is metadata: one larger than this is refused (a file or an answer). */
const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** One remote document is read in at most this long. */
const DOCUMENT_TIMEOUT_MS = 30_000;

/**
 * Reads the JSON documents of a static STAC catalog by their absolute URL: file: URLs from
 * the disk, http(s) URLs through the outbound-fetch guard. A catalog read from a URL may only
 * link to other URLs: a file: link in a remote document is refused, so a published catalog
 * cannot make the server read its own files.
 */
export class StacDocumentReader {
  constructor(
    private readonly outbound: OutboundFetch,
    private readonly allowFiles: boolean,
  ) {}

  /** The absolute URL of what the operator typed: an http(s) URL, a file: URL or a path. */
  static locate(source: string): string {
    if (/^https?:\/\//i.test(source) || source.startsWith('file:')) return new URL(source).toString();
    return pathToFileURL(path.resolve(source)).toString();
  }

  /** The parsed document, or an Error whose message says why it could not be read. */
  async read(url: string): Promise<unknown> {
    const text = url.startsWith('file:') ? await this.readFile(url) : await this.readUrl(url);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new Error(`is not JSON (${(error as Error).message})`, { cause: error });
    }
  }

  private async readFile(url: string): Promise<string> {
    if (!this.allowFiles) throw new Error('is a file link in a catalog read from a URL, which is not followed');
    const file = fileURLToPath(url);
    let size: number;
    try {
      size = (await fs.stat(file)).size;
    } catch (error) {
      throw new Error(`could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
    }
    if (size > MAX_DOCUMENT_BYTES) throw new Error(`is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`);
    return fs.readFile(file, 'utf8');
  }

  private async readUrl(url: string): Promise<string> {
    const response = await this.outbound.fetch(url, { headers: { accept: 'application/json, application/geo+json' }, timeoutMs: DOCUMENT_TIMEOUT_MS });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`answered HTTP ${response.status}`);
    }
    return readCapped(response, MAX_DOCUMENT_BYTES);
  }
}
