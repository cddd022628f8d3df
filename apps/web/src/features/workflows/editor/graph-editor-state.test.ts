import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState } from './graph-editor-state';
import { removeElements, updateNode } from './graph-ops';
import { PIPELINE } from './test-graph';

const at = (x: number, y: number) => new Map([['ndvi', { x, y }]]);

describe('editor state', () => {
  it('undoes a whole drag in one step', () => {
    let state = initialEditorState(PIPELINE);
    state = editorReducer(state, { type: 'move', positions: at(330, 5), isDragging: true });
    state = editorReducer(state, { type: 'move', positions: at(340, 10), isDragging: true });
    expect(state.history.past).toHaveLength(0);
    expect(editorReducer(state, { type: 'undo' })).toBe(state);
    state = editorReducer(state, { type: 'move', positions: at(350, 20), isDragging: false });
    expect(state.history.present.nodes[1]?.position).toEqual({ x: 350, y: 20 });
    expect(state.dragOrigin).toBeUndefined();
    state = editorReducer(state, { type: 'undo' });
    expect(state.history.present).toBe(PIPELINE);
    state = editorReducer(state, { type: 'redo' });
    expect(state.history.present.nodes[1]?.position).toEqual({ x: 350, y: 20 });
  });

  it('coalesces typing and resets to a graph from the server', () => {
    let state = initialEditorState(PIPELINE);
    state = editorReducer(state, { type: 'change', update: (graph) => updateNode(graph, 'ndvi', { label: 'N' }), key: 'label:ndvi' });
    state = editorReducer(state, { type: 'change', update: (graph) => updateNode(graph, 'ndvi', { label: 'NDVI' }), key: 'label:ndvi' });
    state = editorReducer(state, { type: 'change', update: (graph) => removeElements(graph, ['export']) });
    expect(state.history.past).toHaveLength(2);
    state = editorReducer(editorReducer(state, { type: 'undo' }), { type: 'undo' });
    expect(state.history.present).toBe(PIPELINE);
    expect(editorReducer(state, { type: 'change', update: (graph) => graph })).toBe(state);
    const reset = editorReducer(state, { type: 'reset', graph: { nodes: [], edges: [] } });
    expect(reset.history).toEqual({ past: [], present: { nodes: [], edges: [] }, future: [] });
  });
});
