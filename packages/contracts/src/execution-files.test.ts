import { describe, expect, it } from 'vitest';
import { executionFileUrl, isExecutionFileUrl, parseExecutionFileUrl } from './execution-files.js';

describe('execution file URLs', () => {
  it('encodes each segment of the path and keeps its slashes', () => {
    expect(executionFileUrl(12, 'ndvi[3]/a b/ndvi#1.tif')).toBe('/builder/v1/executions/12/files/ndvi%5B3%5D/a%20b/ndvi%231.tif');
  });

  it('parses back what it builds, with the path still encoded', () => {
    expect(parseExecutionFileUrl(executionFileUrl(7, 'out/é.tif'))).toEqual({ executionId: '7', encodedPath: 'out/%C3%A9.tif' });
    expect(parseExecutionFileUrl('/builder/v1/executions/7/files/out.tif?x=1#y')).toEqual({ executionId: '7', encodedPath: 'out.tif' });
  });

  it('recognises only files of an execution', () => {
    expect(isExecutionFileUrl('/builder/v1/executions/3/files/a.tif')).toBe(true);
    expect(isExecutionFileUrl('/builder/v1/executions/abc/files/a.tif')).toBe(false);
    expect(isExecutionFileUrl('/builder/v1/executions/3/files/')).toBe(false);
    expect(isExecutionFileUrl('https://example.org/a.tif')).toBe(false);
    expect(isExecutionFileUrl('42')).toBe(false);
  });
});
