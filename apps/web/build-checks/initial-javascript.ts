import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface InitialJavaScript {
  /** the chunks a browser fetches before the shell can run: the entry and its static imports, recursively */
  chunks: { file: string; gzipBytes: number; packages: string[] }[];
  gzipBytes: number;
  /** the manifest keys of those chunks (a source file for a module's own chunk) */
  modules: string[];
}

/** The web build: ASB_WEB_DIST when set (as the server reads it: another build beside the default, docs/testing.md), else apps/web/dist. */
export const WEB_DIST = process.env.ASB_WEB_DIST ? path.resolve(process.env.ASB_WEB_DIST) : path.resolve(import.meta.dirname, '../dist');

export function readManifest(dist = WEB_DIST): Manifest {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the web app first (npm run build -w @asb/web)`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

/** The manifest key of the entry chunk (index.html). */
export function entryOf(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (entry === undefined) throw new Error('the build manifest names no entry chunk');
  return entry;
}

/**
 * The JavaScript every page downloads first (docs/architecture.md, "What a browser
 * downloads"): the entry chunk of the build and every chunk it imports statically, each
 * counted once and gzip-compressed as a server would send it. Dynamic imports (lazy
 * routes) are not counted: they load only on the pages that use them.
 */
export function initialJavaScript(dist = WEB_DIST): InitialJavaScript {
  const manifest = readManifest(dist);
  return loadedJavaScript([entryOf(manifest)], dist, manifest);
}

/**
 * What a browser downloads for the given modules (manifest keys, such as the entry and a
 * page's source file): each module's chunk and every chunk it imports statically,
 * recursively (Vite preloads those with a dynamic import), each counted once, gzip level 9.
 */
export function loadedJavaScript(keys: string[], dist = WEB_DIST, manifest = readManifest(dist)): InitialJavaScript {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`the build manifest has no chunk for ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  const chunks = [...seen].map((key) => chunkOf(path.join(dist, manifest[key]!.file), manifest[key]!.file));
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0), modules: [...seen] };
}

// a chunk is measured once per run: the deep-link checks share most chunks (the shell's)
const measured = new Map<string, InitialJavaScript['chunks'][number]>();

function chunkOf(chunkPath: string, file: string): InitialJavaScript['chunks'][number] {
  let chunk = measured.get(chunkPath);
  if (!chunk) {
    chunk = { file, gzipBytes: gzipSync(readFileSync(chunkPath), { level: 9 }).length, packages: packagesOf(chunkPath) };
    measured.set(chunkPath, chunk);
  }
  return chunk;
}

/**
 * The npm packages a chunk holds code of, read from its source map (apps/web/vite.config.ts
 * build.sourcemap); none for a chunk without one (the bundler's own runtime).
 */
function packagesOf(chunkPath: string): string[] {
  const mapPath = `${chunkPath}.map`;
  if (!existsSync(mapPath)) return [];
  const { sources } = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
  const names = sources.map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1]).filter((name): name is string => name !== undefined);
  return [...new Set(names)].sort();
}

// `npx tsx apps/web/build-checks/initial-javascript.ts`: the figures, for docs/architecture.md
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { chunks, gzipBytes } = initialJavaScript();
  for (const chunk of chunks) console.log(`${(chunk.gzipBytes / 1024).toFixed(1).padStart(8)} KB  ${chunk.file}`);
  console.log(`${(gzipBytes / 1024).toFixed(1).padStart(8)} KB  initial JavaScript (gzip)`);
}
