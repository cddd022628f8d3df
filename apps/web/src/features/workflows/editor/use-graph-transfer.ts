import { NOTIFY_MS, parseWorkflowDocument, workflowDocumentFileName, workflowDocumentText, WorkflowDocumentError, type WorkflowGraph } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { downloadText } from '../../../ui/download';
import type { Workflow } from '../api/workflows';
import { countOf } from '../../../ui/plural';

/** Export of the graph being edited as a workflow document, and import of one in its place (undoable; saved by the user). */
export function useGraphTransfer(workflow: Workflow, graph: WorkflowGraph, replaceGraph: (graph: WorkflowGraph) => void) {
  const [importError, setImportError] = useState<string>();

  const exportGraph = () => {
    const { label, identifier, shortDescription } = workflow.attributes;
    downloadText(workflowDocumentFileName(identifier), workflowDocumentText({ label, identifier, shortDescription, graph }), 'application/yaml');
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    setImportError(undefined);
    try {
      const document = parseWorkflowDocument(await file.text());
      replaceGraph(document.graph);
      notifications.show({
        message: `Imported ${countOf(document.graph.nodes.length, 'node')} from ${file.name}: save to keep them`,
        color: 'blue',
        autoClose: NOTIFY_MS.success,
      });
    } catch (error) {
      setImportError(error instanceof WorkflowDocumentError ? error.message : `The file could not be read: ${(error as Error).message}`);
    }
  };

  return { exportGraph, importFile, importError, clearImportError: () => setImportError(undefined) };
}
