import { describe, expect, it } from 'vitest';
import { initialJavaScript } from './initial-javascript';

/** docs/architecture.md, "What a browser downloads": the shell's JavaScript, gzip, at most. */
const BUDGET_BYTES = 250 * 1024;
/** OpenLayers, the workflow editor's graph libraries, ECharts, CodeMirror, and yaml (workflow documents). */
const HEAVY_PACKAGES = /^(ol|@xyflow\/.*|@dagrejs\/.*|dagre|echarts|zrender|codemirror|@codemirror\/.*|yaml)$/;

// Reads the build (npm run build runs before the unit tests in scripts/test-all.sh); without
// one it fails and says to build, rather than passing unchecked.
describe('initial JavaScript of the web app', () => {
  it(`stays within ${BUDGET_BYTES / 1024} KB gzip: the entry chunk and its static imports`, () => {
    const { chunks, gzipBytes } = initialJavaScript();
    const listing = chunks.map((chunk) => `${(chunk.gzipBytes / 1024).toFixed(1)} KB ${chunk.file}`).join('\n');
    expect(gzipBytes, `initial JavaScript is ${(gzipBytes / 1024).toFixed(1)} KB gzip:\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('holds no heavy library (maps, graphs, charts, code views, YAML): those load with the pages that use them', () => {
    const packages = new Set(initialJavaScript().chunks.flatMap((chunk) => chunk.packages));
    // the source maps were read: the shell's own libraries are there
    expect(packages).toContain('react-dom');
    expect([...packages].filter((name) => HEAVY_PACKAGES.test(name))).toEqual([]);
  });
});
