import '@xyflow/react/dist/style.css';
import { Alert } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { PageLoader } from '../../../ui/PageLoader';
import { refusalOf } from '../../../app/api/refusal';
import { useReportError } from '../../../app/api/use-report-error';
import { useWorkflow } from '../api/workflows';
import { EditorWorkspace } from './EditorWorkspace';

export interface WorkflowEditorProps {
  workflowId: string;
  /** CSS height of the editor; '100%' fills its parent */
  height?: number | string;
}

/** The workflow DAG editor (docs/workflows.md): embedded on the workflow page and filling the Detached Editor. */
export function WorkflowEditor({ workflowId, height = 640 }: WorkflowEditorProps) {
  const workflow = useWorkflow(workflowId);
  const refusal = refusalOf(workflow.error, 'workflow');
  useReportError(refusal ? null : workflow.error, workflow.errorUpdatedAt, 'knowledge');
  if (workflow.isPending) return <PageLoader label="Loading the workflow editor" />;
  if (!workflow.data)
    return (
      <Alert color={refusal ? 'yellow' : 'red'} variant="light">
        {refusal ?? `Something went wrong while fetching workflow #${workflowId}`}
      </Alert>
    );
  return (
    <ReactFlowProvider>
      <EditorWorkspace key={workflow.data.id} workflow={workflow.data} height={height} />
    </ReactFlowProvider>
  );
}
