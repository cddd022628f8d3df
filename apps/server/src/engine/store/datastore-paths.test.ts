import { describe, expect, it } from 'vitest';
import { DatastorePaths, isAttemptPath } from './datastore-paths.js';

describe('DatastorePaths.catalogueDir', () => {
  const paths = new DatastorePaths('/data');
  it('puts each item in one folder of its collection, whatever the ids hold', () => {
    expect(paths.catalogueDir('demo-scenes', 'demo-antwerp-2024-07-15')).toBe('/data/catalogue/demo-scenes/demo-antwerp-2024-07-15');
    expect(paths.catalogueDir('a/b', '../x')).toBe('/data/catalogue/a%2Fb/..%2Fx');
    expect(paths.catalogueDir('..', '.')).toBe('/data/catalogue/%2E%2E/%2E');
    expect(paths.catalogueDir('S2 L2A')).toBe('/data/catalogue/S2%20L2A');
    expect(() => paths.catalogueDir('')).toThrow();
  });
});

describe('isAttemptPath', () => {
  it("knows an attempt's scratch and staged products from the execution's files", () => {
    for (const relative of ['.inputs/ndvi.1/product/red.tif', '.work/ndvi.1/outputs.json', './.inputs/x', '/.work/x', '.inputs'])
      expect(isAttemptPath(relative)).toBe(true);
    for (const relative of ['ndvi/ndvi.tif', 'ndvi/.inputs/x', 'logs/ndvi.1.log', '.inputsx/a']) expect(isAttemptPath(relative)).toBe(false);
  });
});
