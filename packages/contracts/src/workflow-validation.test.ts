import { describe, expect, it } from 'vitest';
import { isDataTypeCompatible } from './data-type-compatibility.js';
import type { ProcessSignature } from './processes.js';
import { parseWorkflowDocument, WorkflowDocumentError, workflowDocumentText } from './workflow-document.js';
import { workflowInputGroups } from './workflow-inputs.js';
import { findCycle, topologicalOrder, validateWorkflowGraph, type VersionResolver } from './workflow-validation.js';
import { dagTypeOf, type WorkflowGraph, type WorkflowNode } from './workflows.js';

const signatures: Record<string, ProcessSignature> = {
  'search:1': { inputs: [{ name: 'area', dataType: 'bbox' }], outputs: [{ name: 'products', dataType: 'list-product' }], dependencies: [] },
  'ndvi:1': {
    inputs: [
      { name: 'red', dataType: 'geotiff' },
      { name: 'threshold', dataType: 'float', default: 0.3 },
    ],
    outputs: [{ name: 'ndvi', dataType: 'cog' }],
    dependencies: [],
  },
  'load:1': { inputs: [{ name: 'product', dataType: 'string' }], outputs: [{ name: 'red', dataType: 'geotiff' }], dependencies: [] },
  'scene:1': {
    inputs: [
      { name: 'west', dataType: 'longitude', default: 4.3, constraints: { minimum: -180, maximum: 180, less_than: 'east' } },
      { name: 'east', dataType: 'longitude', default: 4.5, constraints: { minimum: -180, maximum: 180 } },
      { name: 'size', dataType: 'integer', default: 256, constraints: { minimum: 16, maximum: 2048 } },
      { name: 'code', dataType: 'string', constraints: { pattern: '[A-Z]{2}', enum: ['BE', 'NL'] } },
    ],
    outputs: [{ name: 'scene', dataType: 'geotiff' }],
    dependencies: [],
  },
};
const resolve: VersionResolver = (identifier) => (signatures[identifier] ? { signature: signatures[identifier] } : undefined);
const node = (id: string, processVersion: string, inputs: WorkflowNode['inputs'] = {}): WorkflowNode => ({
  id,
  kind: 'process',
  processVersion,
  position: { x: 0, y: 0 },
  inputs,
});
const splitter: WorkflowNode = { id: 'each', kind: 'dynamic-list-splitter', position: { x: 0, y: 0 }, inputs: {}, listType: 'list-product' };
const messages = (graph: WorkflowGraph) => validateWorkflowGraph(graph, resolve).map((problem) => problem.message);

const fanOut: WorkflowGraph = {
  nodes: [node('search', 'search:1'), splitter, node('load', 'load:1'), node('ndvi', 'ndvi:1')],
  edges: [
    { source: 'search', sourceOutput: 'products', target: 'each', targetInput: 'items' },
    { source: 'each', sourceOutput: 'item', target: 'load', targetInput: 'product' },
    { source: 'load', sourceOutput: 'red', target: 'ndvi', targetInput: 'red' },
  ],
};

describe('workflow graph validation', () => {
  it('refuses a default value outside what the process input accepts, also between two inputs (west < east)', () => {
    expect(messages({ nodes: [node('scene', 'scene:1', { code: { defaultValue: 'BE' } })], edges: [] })).toEqual([]);
    const graph: WorkflowGraph = {
      nodes: [
        node('scene', 'scene:1', {
          west: { defaultValue: '5', userVisible: false },
          east: { defaultValue: '4.5', userVisible: false },
          size: { defaultValue: '99999' },
          code: { defaultValue: 'FR' },
        }),
      ],
      edges: [],
    };
    expect(validateWorkflowGraph(graph, resolve)).toEqual([
      { pointer: '/graph/nodes/0/inputs/size/defaultValue', message: 'Input scene.size: the default value must be at most 2048.' },
      { pointer: '/graph/nodes/0/inputs/code/defaultValue', message: 'Input scene.code: the default value must be one of BE, NL.' },
      { pointer: '/graph/nodes/0/inputs/west/defaultValue', message: 'Input scene.west: The default of west must be less than the default of east.' },
    ]);
    // the server's matcher decides on patterns: one that refuses everything refuses the default
    const refuseAll = () => false;
    const patterned: WorkflowGraph = { nodes: [node('scene', 'scene:1', { code: { defaultValue: 'BE' } })], edges: [] };
    const noEnum: VersionResolver = (identifier) => {
      const found = resolve(identifier);
      if (!found) return undefined;
      return {
        signature: {
          ...found.signature,
          inputs: found.signature.inputs.map((port) => (port.name === 'code' ? { ...port, constraints: { pattern: '[A-Z]{2}' } } : port)),
        },
      };
    };
    expect(validateWorkflowGraph(patterned, noEnum, refuseAll).map((problem) => problem.message)).toEqual([
      'Input scene.code: the default value must match the pattern [A-Z]{2}.',
    ]);
  });

  it('accepts a valid fan-out graph and calls it a dynamic-list-splitter DAG', () => {
    expect(messages(fanOut)).toEqual([]);
    expect(dagTypeOf(fanOut)).toBe('dynamic-list-splitter');
    expect(topologicalOrder(fanOut)).toEqual(['search', 'each', 'load', 'ndvi']);
  });

  it('finds cycles', () => {
    const cyclic: WorkflowGraph = { ...fanOut, edges: [...fanOut.edges, { source: 'ndvi', sourceOutput: 'ndvi', target: 'load', targetInput: 'product' }] };
    expect(findCycle(cyclic)).toEqual(['load', 'ndvi', 'load']);
    expect(messages(cyclic)).toContain('The workflow has a cycle: load → ndvi → load.');
  });

  it('refuses mismatched data types, missing ports and nodes, and inputs fed twice', () => {
    const graph: WorkflowGraph = {
      nodes: [node('search', 'search:1'), node('ndvi', 'ndvi:1'), node('load', 'load:1')],
      edges: [
        { source: 'search', sourceOutput: 'products', target: 'ndvi', targetInput: 'red' },
        { source: 'load', sourceOutput: 'blue', target: 'ndvi', targetInput: 'red' },
        { source: 'ghost', sourceOutput: 'x', target: 'ndvi', targetInput: 'threshold' },
      ],
    };
    expect(messages(graph)).toEqual([
      "Connection search.products → ndvi.red: the output's data type list-product does not match the input's data type geotiff.",
      'Connection load.blue → ndvi.red: node load has no output "blue".',
      'Input ndvi.red is connected more than once.',
      'Connection ghost.x → ndvi.threshold: node "ghost" does not exist.',
    ]);
  });

  it('refuses an unconnected input nobody can fill, but not one with a default or one the user fills', () => {
    const locked = node('ndvi', 'ndvi:1', { red: { userVisible: false }, threshold: { userEditable: false } });
    expect(messages({ nodes: [locked], edges: [] })).toEqual([
      'Input ndvi.red has no connection, no default value and is not editable by the user: it could never get a value.',
    ]);
    expect(messages({ nodes: [node('ndvi', 'ndvi:1', { red: { userVisible: false, defaultValue: 's3://b/red.tif' } })], edges: [] })).toEqual([]);
  });

  it('refuses unknown versions, duplicate ids, settings of unknown inputs, bad enums and narrowing', () => {
    const graph: WorkflowGraph = {
      nodes: [
        node('a', 'nope:1'),
        node('b', 'ndvi:1', { blue: {}, threshold: { dataType: 'latitude', constraints: { enum: ['0.1', '0.2'], enum_labels: ['low'] } } }),
        node('b', 'ndvi:1'),
      ],
      edges: [],
    };
    expect(messages(graph)).toEqual([
      'Node a: process version "nope:1" does not exist, is not released or is not visible to you.',
      'Node id "b" is used twice.',
      'Node b has settings for an unknown input "blue".',
      'Input b.threshold: give one label per choice.',
      'Input b.threshold: the default value is not one of the choices.',
    ]);
    const narrowed = node('b', 'ndvi:1', { threshold: { dataType: 'date' } });
    expect(messages({ nodes: [narrowed], edges: [] })).toEqual(['Input b.threshold is declared float: it cannot be shown as date.']);
  });
});

describe('data type compatibility', () => {
  it.each([
    ['cog', 'geotiff', true],
    ['geotiff', 'cog', false],
    ['GeoTIFF', 'file', true],
    ['integer', 'float', true],
    ['float', 'integer', false],
    ['list-product', 'list-string', true],
    ['list-string', 'string', false],
    ['password', 'string', false],
    ['password', 'password', true],
    ['bbox', 'json', true],
  ])('%s into %s: %s', (source, target, expected) => {
    expect(isDataTypeCompatible(source, target)).toBe(expected);
  });
});

describe('workflow inputs', () => {
  it('lists the unconnected inputs per node with their settings', () => {
    const graph: WorkflowGraph = {
      ...fanOut,
      nodes: fanOut.nodes.map((n) =>
        n.id === 'ndvi' ? { ...n, label: 'NDVI', inputs: { threshold: { label: 'Threshold', userEditable: false, doc: 'NDVI cut' } } } : n,
      ),
    };
    const groups = workflowInputGroups(graph, resolve, (identifier) => (identifier === 'float' ? 'Float' : undefined));
    expect(groups).toEqual([
      {
        node_id: 'search',
        label: 'search:1',
        items: [expect.objectContaining({ identifier: 'area', label: 'area', defaultValue: null, dataType: { identifier: 'bbox', label: 'bbox' } })],
      },
      {
        node_id: 'ndvi',
        label: 'NDVI',
        items: [
          expect.objectContaining({
            identifier: 'threshold',
            label: 'Threshold',
            defaultValue: '0.3',
            userEditable: false,
            doc: 'NDVI cut',
            dataType: { identifier: 'float', label: 'Float' },
          }),
        ],
      },
    ]);
  });
});

describe('workflow document', () => {
  it('round-trips through YAML', () => {
    const text = workflowDocumentText({ label: 'Flood', identifier: 'flood', shortDescription: 'maps', graph: fanOut });
    expect(text).toContain('kind: asb/workflow');
    expect(parseWorkflowDocument(text)).toEqual({
      kind: 'asb/workflow',
      version: 1,
      label: 'Flood',
      identifier: 'flood',
      shortDescription: 'maps',
      graph: fanOut,
    });
  });

  it('explains what is wrong with a file that is not one', () => {
    expect(() => parseWorkflowDocument('a: [')).toThrow(WorkflowDocumentError);
    expect(() => parseWorkflowDocument('kind: other')).toThrow(/not an exported workflow at kind/);
  });
});
