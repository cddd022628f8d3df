import type { FileTreeNode } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { buildFileTree, countFiles, formatSize, type FileEntry } from './file-tree';

function node(id: string, parent: string, type: 'file' | 'folder' = 'file'): FileTreeNode {
  return { id, parent, text: id.split('/').at(-1)!, type };
}

/** The tree as nested names, for readable expectations. */
function shape(entries: FileEntry[]): unknown[] {
  return entries.map((entry) => (entry.isFolder ? { [entry.name]: shape(entry.children) } : entry.name));
}

describe('buildFileTree', () => {
  it('nests nodes under their parents, folders first then by name', () => {
    const tree = buildFileTree([
      node('process_wrapper.py', '#'),
      node('src/util.py', 'src'),
      node('src', '#', 'folder'),
      node('README.md', '#'),
      node('src/models', 'src', 'folder'),
      node('src/models/a.onnx', 'src/models'),
      node('data', '#', 'folder'),
    ]);
    expect(shape(tree)).toEqual([{ data: [] }, { src: [{ models: ['a.onnx'] }, 'util.py'] }, 'process_wrapper.py', 'README.md']);
    expect(countFiles(tree)).toBe(4);
  });

  it('keeps the ids (paths) and sizes', () => {
    const [entry] = buildFileTree([{ id: 'a/b.py', parent: '#', text: 'b.py', type: 'file', size: 12 }]);
    expect(entry).toMatchObject({ id: 'a/b.py', name: 'b.py', size: 12, isFolder: false });
  });

  it('puts nodes with an unknown parent, or a file parent, at the top level', () => {
    const tree = buildFileTree([node('lost.txt', 'gone'), node('a.py', '#'), node('a.py/b', 'a.py')]);
    expect(shape(tree)).toEqual(['a.py', 'b', 'lost.txt']);
  });

  it('does not lose nodes in a cycle', () => {
    const tree = buildFileTree([node('x', 'y', 'folder'), node('y', 'x', 'folder')]);
    expect(shape(tree)).toEqual([{ y: [{ x: [] }] }]);
  });

  it('answers an empty tree for no nodes', () => {
    expect(buildFileTree([])).toEqual([]);
  });
});

describe('formatSize', () => {
  it('uses B, kB and MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(3482)).toBe('3.4 kB');
    expect(formatSize(20 * 1024 * 1024)).toBe('20.0 MB');
    expect(formatSize(undefined)).toBe('');
  });
});
