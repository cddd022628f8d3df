import { NOTIFY_MS, type WorkflowGraph, type WorkflowProblem } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { useSaveWorkflow } from '../api/workflows';
import { serverProblems } from './graph-problems';

export interface RefusedSave {
  /** the graph the server refused */
  graph: WorkflowGraph;
  problems: WorkflowProblem[];
}

/**
 * Saves the graph as the workflow's next version. A refusal (400) keeps the user's edits
 * and returns the server's problems; anything else goes to the central error handler.
 */
export function useSaveGraph(workflowId: string, currentVersion: number, onSaved: (graph: WorkflowGraph) => void) {
  const mutation = useSaveWorkflow(workflowId);
  const [refused, setRefused] = useState<RefusedSave>();

  const save = async (graph: WorkflowGraph) => {
    setRefused(undefined);
    try {
      const workflow = await mutation.mutateAsync({ graph });
      onSaved(graph);
      const version = workflow.attributes.version;
      notifications.show({
        message: version === currentVersion ? 'No changes to save' : `Workflow saved as version ${version}`,
        color: version === currentVersion ? 'blue' : 'green',
        autoClose: NOTIFY_MS.success,
      });
    } catch (error) {
      const problems = serverProblems(error);
      if (problems) setRefused({ graph, problems });
      else handleError(error, 'knowledge');
    }
  };

  return { save, isSaving: mutation.isPending, refused };
}
