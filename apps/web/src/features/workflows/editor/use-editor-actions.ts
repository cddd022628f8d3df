import type { ListDataType, NodeInputSettings, WorkflowEdge, WorkflowGraph } from '@asb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useReactFlow } from '@xyflow/react';
import type { RefObject } from 'react';
import { primeVersion, type ProcessVersion } from '../api/editor';
import type { Size } from './graph-flow';
import { layoutGraph } from './graph-layout';
import { addGraphEdge, addProcessNode, addSplitterNode, nextNodePosition, removeElements, updateInputSettings, updateNode, type XY } from './graph-ops';
import type { SettingsField } from './InputSettingsForm';
import type { useEditorGraph } from './use-editor-graph';
import type { Selection } from './use-selection';

type EditorGraph = ReturnType<typeof useEditorGraph>;

/** What the toolbar, palette, canvas and settings panel do to the graph: each an undoable change. */
export function useEditorActions(editor: EditorGraph, selection: Selection, measured: ReadonlyMap<string, Size>, canvas: RefObject<HTMLDivElement | null>) {
  const queryClient = useQueryClient();
  const flow = useReactFlow();
  const { graph, change } = editor;

  /** the flow position at the middle of the visible canvas */
  const center = (): XY => {
    const bounds = canvas.current?.getBoundingClientRect();
    return bounds ? flow.screenToFlowPosition({ x: bounds.left + bounds.width / 2, y: bounds.top + bounds.height / 3 }) : { x: 0, y: 0 };
  };

  const addAndSelect = (added: { graph: WorkflowGraph; id: string }) => {
    change(() => added.graph);
    selection.selectNode(added.id);
  };

  return {
    addVersion: (version: ProcessVersion) => {
      primeVersion(queryClient, version);
      const { identifier, processIdentifier } = version.attributes;
      addAndSelect(addProcessNode(graph, { identifier, processIdentifier }, nextNodePosition(graph, center())));
    },
    addSplitter: (listType: ListDataType) => addAndSelect(addSplitterNode(graph, listType, nextNodePosition(graph, center()))),
    connect: (edge: WorkflowEdge) => change((current) => addGraphEdge(current, edge)),
    remove: (nodeIds: Iterable<string>, edgeIds: Iterable<string>) => {
      change((current) => removeElements(current, nodeIds, edgeIds));
      selection.clear();
    },
    removeSelection: () => {
      change((current) => removeElements(current, selection.nodes, selection.edges));
      selection.clear();
    },
    layout: () => change((current) => layoutGraph(current, (id) => measured.get(id))),
    setLabel: (id: string, label: string) => change((current) => updateNode(current, id, { label }), `label:${id}`),
    setListType: (id: string, listType: ListDataType) => change((current) => updateNode(current, id, { listType })),
    setInputSettings: (id: string, input: string, patch: Partial<NodeInputSettings>, field: SettingsField) =>
      change((current) => updateInputSettings(current, id, input, patch), `settings:${id}:${input}:${field}`),
    replaceGraph: (next: WorkflowGraph) => {
      change(() => next);
      selection.clear();
    },
  };
}
