import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface InitialJavaScript {
  /** the chunks a browser fetches before the shell can run: the entry and its static imports, recursively */
  chunks: { file: string; gzipBytes: number; packages: string[] }[];
  gzipBytes: number;
}

export const WEB_DIST = path.resolve(import.meta.dirname, '../dist');

/**
 * The JavaScript every page downloads first (docs/architecture.md, "What a browser
 * downloads"): the entry chunk of the build and every chunk it imports statically, each
 * counted once and gzip-compressed as a server would send it. Dynamic imports (lazy
 * routes) are not counted: they load only on the pages that use them.
 */
export function initialJavaScript(dist = WEB_DIST): InitialJavaScript {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the web app first (npm run build -w @asb/web)`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length === 0) throw new Error(`${manifestPath} names no entry chunk`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  const chunks = [...seen].map((key) => {
    const file = manifest[key]!.file;
    return { file, gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, packages: packagesOf(path.join(dist, file)) };
  });
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
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
