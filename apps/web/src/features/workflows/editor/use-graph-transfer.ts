import { NOTIFY_MS, parseWorkflowDocument, workflowDocumentFileName, workflowDocumentText, WorkflowDocumentError, type WorkflowGraph } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Workflow } from '../api/workflows';

/** Saves text as a file through a temporary link. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked after the click has been handled, or the download could be cancelled
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export of the graph being edited as a workflow document, and import of one in its place (undoable; saved by the user). */
export function useGraphTransfer(workflow: Workflow, graph: WorkflowGraph, replaceGraph: (graph: WorkflowGraph) => void) {
  const [importError, setImportError] = useState<string>();

  const exportGraph = () => {
    const { label, identifier, shortDescription } = workflow.attributes;
    downloadText(workflowDocumentFileName(identifier), workflowDocumentText({ label, identifier, shortDescription, graph }));
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    setImportError(undefined);
    try {
      const document = parseWorkflowDocument(await file.text());
      replaceGraph(document.graph);
      notifications.show({
        message: `Imported ${document.graph.nodes.length} nodes from ${file.name}: save to keep them`,
        color: 'blue',
        autoClose: NOTIFY_MS.success,
      });
    } catch (error) {
      setImportError(error instanceof WorkflowDocumentError ? error.message : `The file could not be read: ${(error as Error).message}`);
    }
  };

  return { exportGraph, importFile, importError, clearImportError: () => setImportError(undefined) };
}
