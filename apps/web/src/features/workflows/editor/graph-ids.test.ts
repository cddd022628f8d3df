import { NODE_ID_PATTERN } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { nodeIdBase, uniqueNodeId } from './graph-ids';

describe('node ids', () => {
  it('derives the id from the process identifier and numbers repeats', () => {
    expect(uniqueNodeId('ndvi', [])).toBe('ndvi');
    expect(uniqueNodeId('ndvi', ['ndvi'])).toBe('ndvi-2');
    expect(uniqueNodeId('ndvi', ['ndvi', 'ndvi-2', 'ndvi-4'])).toBe('ndvi-3');
  });

  it('always matches NODE_ID_PATTERN', () => {
    for (const identifier of ['NDVI Tool', '--x', '_a', 'a:1', 'über', '', 'x'.repeat(200), 'load_scene-2']) {
      const id = uniqueNodeId(identifier, [nodeIdBase(identifier)]);
      expect(id, identifier).toMatch(NODE_ID_PATTERN);
    }
    expect(nodeIdBase('NDVI Tool')).toBe('ndvi-tool');
    expect(nodeIdBase('---')).toBe('node');
    expect(nodeIdBase('x'.repeat(200)).length).toBeLessThanOrEqual(58);
  });
});
