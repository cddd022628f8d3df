import { describe, expect, it } from 'vitest';
import { graphChanges } from './workflow-changes.js';
import type { WorkflowGraph } from './workflows.js';

const graph = (nodes: [string, string][], edges: [string, string][] = [], x = 0): WorkflowGraph => ({
  nodes: nodes.map(([id, processVersion]) => ({ id, kind: 'process', processVersion, position: { x, y: 0 }, inputs: {} })),
  edges: edges.map(([source, target]) => ({ source, sourceOutput: 'out', target, targetInput: 'in' })),
});

describe('graphChanges', () => {
  it('names a node whose code was swapped first, then what else changed', () => {
    const before = graph([
      ['login', 'login:1'],
      ['report', 'report:1'],
    ]);
    const after = graph(
      [
        ['login', 'grab:1'],
        ['extra', 'extra:2'],
      ],
      [['login', 'extra']],
    );
    expect(graphChanges(before, after)).toEqual([
      'Node "login" runs grab:1 instead of login:1',
      'Added node "extra" (extra:2)',
      'Removed node "report"',
      'Added 1 connection',
    ]);
  });

  it('tells input settings in any key order apart from a real change, and a move from nothing', () => {
    const before = graph([['a', 'a:1']]);
    before.nodes[0]!.inputs = { size: { label: 'Size', defaultValue: '3' } };
    const reordered = graph([['a', 'a:1']], [], 50);
    reordered.nodes[0]!.inputs = { size: { defaultValue: '3', label: 'Size' } };
    expect(graphChanges(before, reordered)).toEqual(['Moved nodes']);
    const changed = graph([['a', 'a:1']]);
    changed.nodes[0]!.inputs = { size: { label: 'Size', defaultValue: '4' } };
    expect(graphChanges(before, changed)).toEqual(['Changed the inputs of node "a"']);
    expect(graphChanges(undefined, before)).toEqual(['First version']);
  });
});
