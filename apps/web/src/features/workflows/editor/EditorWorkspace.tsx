import { validateWorkflowGraph } from '@asb/contracts';
import { Alert, Box, Group, Stack } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import type { Workflow } from '../api/workflows';
import { EditorToolbar } from './EditorToolbar';
import { nodeTitle, type Size } from './graph-flow';
import { problemNodeIds } from './graph-problems';
import { NodePalette } from './NodePalette';
import { NodeSettingsPanel } from './NodeSettingsPanel';
import { ProblemsAlert } from './ProblemsAlert';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { useEditorActions } from './use-editor-actions';
import { useEditorGraph } from './use-editor-graph';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { useFitOnGrowth } from './use-fit-on-growth';
import { useGraphSignatures } from './use-graph-signatures';
import { useGraphTransfer } from './use-graph-transfer';
import { useSaveGraph } from './use-save-graph';
import { useSelection } from './use-selection';
import { useUnsavedChangesWarning } from './use-unsaved-changes-warning';
import { WorkflowCanvas } from './WorkflowCanvas';

const NO_SIZES: ReadonlyMap<string, Size> = new Map();

/** The editor of one loaded workflow: toolbar, problems, palette, canvas and the selected node's settings. */
export function EditorWorkspace({ workflow, height }: { workflow: Workflow; height: number | string }) {
  const { attributes } = workflow;
  const isReadOnly = attributes.isArchived || !attributes.permissions.change;
  const editor = useEditorGraph(attributes.graph);
  const { graph } = editor;
  const signatures = useGraphSignatures(graph);
  const selection = useSelection();
  const [measured, setMeasured] = useState(NO_SIZES);
  const canvas = useRef<HTMLDivElement>(null);
  const actions = useEditorActions(editor, selection, measured, canvas);
  const saving = useSaveGraph(workflow.id, attributes.version, editor.markSaved);
  const transfer = useGraphTransfer(workflow, graph, actions.replaceGraph);
  const [isRefusalDismissed, setIsRefusalDismissed] = useState(false);
  const fitView = useFitOnGrowth(graph.nodes.length);
  useEditorShortcuts(!isReadOnly, editor.undo, editor.redo);
  useUnsavedChangesWarning(editor.isDirty && !isReadOnly);

  const localProblems = useMemo(
    () => (signatures.isResolving ? [] : validateWorkflowGraph(graph, signatures.resolve)),
    [graph, signatures.isResolving, signatures.resolve],
  );
  const refused = saving.refused && !isRefusalDismissed ? saving.refused : undefined;
  const problemNodes = useMemo(
    () => problemNodeIds(graph, refused?.graph === graph ? [...localProblems, ...refused.problems] : localProblems),
    [graph, localProblems, refused],
  );
  const selectedId = selection.nodes.size === 1 ? [...selection.nodes][0] : undefined;
  const selectedNode = graph.nodes.find((node) => node.id === selectedId);

  const save = () => {
    setIsRefusalDismissed(false);
    void saving.save(graph);
  };

  return (
    <Stack gap="xs" h={height} mih={400}>
      <EditorToolbar
        version={attributes.version}
        isReadOnly={isReadOnly}
        isDirty={editor.isDirty}
        isSaving={saving.isSaving}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        hasSelection={selection.nodes.size + selection.edges.size > 0}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onLayout={() => {
          actions.layout();
          fitView();
        }}
        onDeleteSelection={actions.removeSelection}
        onImport={(file) => void transfer.importFile(file)}
        onExport={transfer.exportGraph}
        onSave={save}
      />
      {isReadOnly && <ReadOnlyNotice isArchived={attributes.isArchived} />}
      {transfer.importError && (
        <Alert
          color="red"
          variant="light"
          p="xs"
          title="The file was not imported"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={transfer.clearImportError}
        >
          {transfer.importError}
        </Alert>
      )}
      {refused ? (
        <ProblemsAlert title="The workflow was not saved" color="red" problems={refused.problems} onClose={() => setIsRefusalDismissed(true)} />
      ) : (
        !isReadOnly && <ProblemsAlert title="Problems to fix before saving" color="yellow" problems={localProblems} />
      )}
      <Group
        flex={1}
        mih={0}
        gap={0}
        align="stretch"
        wrap="nowrap"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        {!isReadOnly && <NodePalette onAddVersion={actions.addVersion} onAddSplitter={actions.addSplitter} />}
        <Box ref={canvas} flex={1} miw={0} pos="relative">
          <WorkflowCanvas
            graph={graph}
            signatures={signatures}
            selection={selection}
            problemNodes={problemNodes}
            isReadOnly={isReadOnly}
            measured={measured}
            setMeasured={setMeasured}
            onMove={editor.move}
            onConnect={actions.connect}
            onDelete={actions.remove}
          />
        </Box>
        {selectedNode && (
          <NodeSettingsPanel
            key={selectedNode.id}
            node={selectedNode}
            ports={signatures.ports.get(selectedNode.id)}
            graph={graph}
            defaultTitle={nodeTitle({ ...selectedNode, label: undefined }, signatures.processLabels)}
            isReadOnly={isReadOnly}
            onLabel={(label) => actions.setLabel(selectedNode.id, label)}
            onListType={(listType) => actions.setListType(selectedNode.id, listType)}
            onInputSettings={(input, patch, field) => actions.setInputSettings(selectedNode.id, input, patch, field)}
            onDelete={() => actions.remove([selectedNode.id], [])}
            onClose={selection.clear}
          />
        )}
      </Group>
    </Stack>
  );
}
