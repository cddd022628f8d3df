import { parseCatalogueAssetUrl, parseExecutionFileUrl } from '@asb/contracts';
import { detailError, type HttpError } from '../../platform/http/errors.js';

/** A file of an execution's datastore, as the `url` parameter names it. */
export interface DatastoreFileRef {
  executionId: string;
  /** the decoded path inside the execution's folder, e.g. `ndvi/ndvi.tif` */
  relative: string;
}

/** A file (asset) of a local catalogue item, as the `url` parameter names it. */
export interface CatalogueFileRef {
  collectionId: string;
  itemId: string;
  /** the decoded path inside the item's folder, e.g. `red.tif` */
  relative: string;
}

const ABSOLUTE = /^(https?):\/\/([^/?#]*)([^?#]*)/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

const refused = (why: string): HttpError =>
  detailError(
    400,
    `url: ${why} Only files of this platform's executions can be served: /builder/v1/executions/{id}/files/{path}, and assets of its catalogue: /resource-catalogue/assets/{collection}/{item}/{path}, on this server.`,
  );

/**
 * The execution file or catalogue asset named by a tile request's `url` (docs/tiles.md,
 * "Which files"): the path `/builder/v1/executions/{id}/files/{path}` or
 * `/resource-catalogue/assets/{collection}/{item}/{path}`, alone or as an absolute http(s) URL whose
 * origin (and path prefix) is one of `bases` (this server as the request reached it, and
 * ASB_PUBLIC_URL). Anything else — another host, another path, `file:`, `s3:`, `.`/`..`
 * segments (encoded or not), backslashes, NUL, credentials in the URL — is a 400: the
 * tile service never becomes a proxy to other places.
 */
export function parseSourceUrl(url: string, bases: string[]): DatastoreFileRef | CatalogueFileRef {
  const value = url.trim();
  if (value === '') throw refused('is empty.');
  if (/[\\\0]/.test(value)) throw refused('holds a backslash or a NUL.');
  const path = value.startsWith('/') ? localPath(value) : absolutePath(value, bases);
  const file = parseExecutionFileUrl(path);
  if (file) return { executionId: file.executionId, relative: decodeSegments(file.encodedPath) };
  const asset = parseCatalogueAssetUrl(path);
  if (asset) return { collectionId: asset.collectionId, itemId: asset.itemId, relative: decodeSegments(asset.encodedPath) };
  throw refused(`"${value}" is neither an execution file nor a catalogue asset.`);
}

function localPath(value: string): string {
  // `//host/...` is a URL of another host without its scheme
  if (value.startsWith('//')) throw refused(`"${value}" names another host.`);
  return value;
}

function absolutePath(value: string, bases: string[]): string {
  const match = ABSOLUTE.exec(value);
  if (!match) {
    const scheme = SCHEME.exec(value)?.[0];
    throw refused(scheme ? `the scheme "${scheme}" is not served.` : `"${value}" is neither a path nor an http(s) URL.`);
  }
  if (match[2]!.includes('@')) throw refused('must not hold credentials.');
  const origin = originOf(value);
  for (const base of bases) {
    const prefix = new URL(base);
    const basePath = prefix.pathname.replace(/\/+$/, '');
    if (prefix.origin !== origin) continue;
    const path = match[3] || '/';
    if (basePath === '') return path;
    if (path.startsWith(`${basePath}/`)) return path.slice(basePath.length);
  }
  throw refused(`"${value}" is not on this server.`);
}

function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw refused(`"${value}" is not a valid URL.`);
  }
}

function decodeSegments(encoded: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    throw refused('has a malformed percent-encoding.');
  }
  if (/[\\\0]/.test(decoded)) throw refused('holds a backslash or a NUL.');
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw refused('must not have empty, "." or ".." segments.');
  }
  return segments.join('/');
}
