import { describe, expect, it } from 'vitest';
import type { RouteKey } from '../src/app/routes';
import { routeOf, routePages } from './deep-links';
import { entryOf, initialJavaScript, loadedJavaScript, readManifest, type InitialJavaScript } from './initial-javascript';

/** docs/architecture.md, "What a browser downloads": the shell's JavaScript, gzip, at most. */
const BUDGET_BYTES = 250 * 1024;
/**
 * OpenLayers and the base map's data and reader, the workflow editor's graph libraries, ECharts,
 * CodeMirror, yaml (workflow documents), and Swagger UI (the API reference's explorer, on demand).
 */
const HEAVY_PACKAGES = /^(ol|world-atlas|topojson-client|@xyflow\/.*|@dagrejs\/.*|dagre|echarts|zrender|codemirror|@codemirror\/.*|yaml|swagger-ui-dist)$/;

const REPORT_DRAWS = ['@dagrejs/dagre', '@xyflow/react', '@xyflow/system', 'echarts', 'zrender'];
/**
 * The heavy libraries of the pages that draw with them (the task graph and timeline of a
 * report, the catalogue browser's map, a dashboard's charts and maps, the Detached Editor);
 * every other page loads none.
 */
const DRAWS: Partial<Record<RouteKey, string[]>> = {
  executionReport: REPORT_DRAWS,
  applicationReport: REPORT_DRAWS,
  modelReport: REPORT_DRAWS,
  products: ['ol', 'topojson-client'],
  dashboard: ['echarts', 'ol', 'topojson-client', 'zrender'],
  processorEditor: ['@dagrejs/dagre', '@xyflow/react', '@xyflow/system', 'yaml'],
};

/** Deep links a visitor follows from a shared link or a bookmark: a list, an item, the catalogue, a report. */
const GUARDED_LINKS = ['/asb/workflows', '/asb/workflows/7', '/asb/workflows/7/execute', '/asb/products', '/asb/executions/7/report', '/asb/monitoring'];
/** Public deep links show their page to a signed-out visitor (spec 3 §2): a workflow's detail, the marketplace, a catalogue item. */
const PUBLIC_LINKS = ['/asb/workflows/7/detail/9', '/asb/marketplace', '/asb/collections/c/model_detail/m', '/asb/api-reference'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const listing = ({ chunks, gzipBytes }: InitialJavaScript) =>
  `${kb(gzipBytes)} gzip:\n${chunks.map((chunk) => `${kb(chunk.gzipBytes)} ${chunk.file}`).join('\n')}`;
const heavyOf = ({ chunks }: InitialJavaScript) => [...new Set(chunks.flatMap((chunk) => chunk.packages).filter((name) => HEAVY_PACKAGES.test(name)))].sort();

// Reads the build (npm run build runs before the unit tests in scripts/test-all.sh); without
// one it fails and says to build, rather than passing unchecked.
describe('initial JavaScript of the web app', () => {
  it(`stays within ${BUDGET_BYTES / 1024} KB gzip: the entry chunk and its static imports`, () => {
    const shell = initialJavaScript();
    expect(shell.gzipBytes, `initial JavaScript is ${listing(shell)}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('holds no heavy library (maps, graphs, charts, code views, YAML): those load with the pages that use them', () => {
    const packages = new Set(initialJavaScript().chunks.flatMap((chunk) => chunk.packages));
    // the source maps were read: the shell's own libraries are there
    expect(packages).toContain('react-dom');
    expect([...packages].filter((name) => HEAVY_PACKAGES.test(name))).toEqual([]);
  });
});

describe('JavaScript of a deep link', () => {
  const manifest = readManifest();
  const entry = entryOf(manifest);
  const pages = routePages(new Set(Object.keys(manifest)));
  const pageOf = (key: RouteKey) => pages.find((page) => page.key === key);
  const signIn = pageOf('login')!;

  it('reads every page of the router, each a chunk of its own that the shell imports only when it is visited', () => {
    expect(pages.length).toBeGreaterThan(40);
    expect(pages.filter((page) => page.isPublic).map((page) => page.key)).toContain('workflowDetail');
    const lazy = new Set(manifest[entry]!.dynamicImports);
    expect(pages.filter((page) => !lazy.has(page.module)).map((page) => page.key)).toEqual([]);
    expect(initialJavaScript().modules.filter((module) => pages.some((page) => page.module === module))).toEqual([]);
  });

  describe('signed out', () => {
    it.each(GUARDED_LINKS)(`%s: the shell and the sign-in page only, within ${BUDGET_BYTES / 1024} KB gzip`, (url) => {
      // a guarded page's own module loads after the guard lets the visitor in (app/page-route.tsx)
      const page = pageOf(routeOf(url));
      expect(page?.isPublic).toBe(false);
      const loaded = loadedJavaScript([entry, signIn.module], undefined, manifest);
      expect(loaded.gzipBytes, `${url} signed out downloads ${listing(loaded)}`).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(heavyOf(loaded)).toEqual([]);
    });

    it(`/asb/api-reference lists the operations within ${BUDGET_BYTES / 1024} KB gzip: Swagger UI loads only when a call is tried (issue 34 §4)`, () => {
      const page = pageOf('apiReference')!;
      const loaded = loadedJavaScript([entry, page.module], undefined, manifest);
      expect(loaded.gzipBytes, `/asb/api-reference downloads ${listing(loaded)}`).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(loaded.chunks.flatMap((chunk) => chunk.packages)).not.toContain('swagger-ui-dist');
      // the explorer is a chunk of its own that the page imports on demand
      expect(manifest[page.module]!.dynamicImports ?? []).toContain('src/features/api-reference/SwaggerExplorer.tsx');
    });

    it.each(PUBLIC_LINKS)('%s (public): its own page, with no map, chart or editor library', (url) => {
      const page = pageOf(routeOf(url))!;
      expect(page.isPublic).toBe(true);
      expect(heavyOf(loadedJavaScript([entry, page.module], undefined, manifest))).toEqual([]);
    });
  });

  describe('signed in', () => {
    it.each(pages.map((page) => [page.key, page] as const))('%s: its own page only, and only the heavy libraries it draws', (key, page) => {
      const loaded = loadedJavaScript([entry, page.module], undefined, manifest);
      const others = pages.filter((other) => other.module !== page.module && loaded.modules.includes(other.module)).map((other) => other.key);
      expect(others, `${key} loads other pages`).toEqual([]);
      expect(heavyOf(loaded)).toEqual(DRAWS[key] ?? []);
    });
  });
});
