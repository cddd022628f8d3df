import { HttpError } from '../http/errors.js';

/** How deep any document a user sends may nest: a CWL, a STAC document, a JSON body, a CQL2 filter (docs/security.md "Request limits"). */
export const MAX_DEPTH = 64;

/** What a document may hold: nesting, size in bytes, and (for the parsers that count them) values. */
export interface DocumentLimits {
  maxDepth: number;
  maxBytes: number;
  /** scalars, lists and mappings counted as the parser meets them */
  maxValues?: number;
}

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;
// 50,000: by hand, as toLocaleString loads ICU's data at its first call (70 ms of the event loop)
const count = (values: number) => String(values).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A document refused for a limit, before its parse or processing could stall the server:
 * 413 for its size, 400 for its shape; the message names the limit.
 */
export class DocumentRefused extends HttpError {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(status, { detail: message, errors: [{ status: String(status), detail: message }] }, message);
  }

  static tooDeep(maxDepth: number, what = 'The document'): DocumentRefused {
    return new DocumentRefused(400, `${what} nests deeper than ${maxDepth} levels.`);
  }

  static tooLarge(maxBytes: number, what = 'The document'): DocumentRefused {
    return new DocumentRefused(413, `${what} is larger than ${megabytes(maxBytes)}.`);
  }

  static tooManyValues(maxValues: number, what = 'The document'): DocumentRefused {
    return new DocumentRefused(400, `${what} holds more than ${count(maxValues)} values.`);
  }
}
