import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocumentRefused, MAX_DEPTH, type DocumentLimits } from '../../platform/documents/document-limits.js';
import { parseJsonDocument } from '../../platform/documents/parse-json.js';
import { readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';

/**
 * A STAC document is metadata: one larger or deeper than this is refused (a file or an
 * answer). JSON.parse runs on the event loop at about 40 ms a megabyte: 4 MB keeps a read
 * well under the 200 ms the server allows itself (docs/security.md "Request limits").
 */
const STAC_DOCUMENT_LIMITS: DocumentLimits = { maxDepth: MAX_DEPTH, maxBytes: 4 * 1024 * 1024 };
const MAX_DOCUMENT_BYTES = STAC_DOCUMENT_LIMITS.maxBytes;
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
      return parseJsonDocument(text, STAC_DOCUMENT_LIMITS, 'The STAC document');
    } catch (error) {
      if (error instanceof DocumentRefused) throw error;
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
    if (size > MAX_DOCUMENT_BYTES) throw DocumentRefused.tooLarge(MAX_DOCUMENT_BYTES, 'The STAC document');
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
