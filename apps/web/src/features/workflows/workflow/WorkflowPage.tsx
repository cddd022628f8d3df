import { Alert, Container, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../ui/PageLoader';
import { refusalOf } from '../../../app/api/refusal';
import { useReportError } from '../../../app/api/use-report-error';
import { useWorkflow } from '../api/workflows';
import { ArchivedWorkflowBanner } from './ArchivedWorkflowBanner';
import { WorkflowHeader } from './WorkflowHeader';
import { WorkflowVersions } from './WorkflowVersions';

// the editor (@xyflow/react, dagre) loads with this page, not with the list and the other workflow pages
const WorkflowEditor = lazy(() => import('../editor/WorkflowEditor').then((module) => ({ default: module.WorkflowEditor })));

/** /workflows/{id}: header and actions, the embedded editor and the saved versions (spec 1 §2 Workflow page). */
export function WorkflowPage() {
  const id = useParams().id ?? '';
  const workflow = useWorkflow(id);
  const refusal = refusalOf(workflow.error, 'workflow');
  useReportError(refusal ? null : workflow.error, workflow.errorUpdatedAt, 'knowledge');
  return (
    <Container size="xl" py="xl">
      {workflow.isPending && <PageLoader />}
      {workflow.isError && (
        <Alert color={refusal ? 'yellow' : 'red'} variant="light">
          {refusal ?? `Something went wrong while fetching workflow #${id}`}
        </Alert>
      )}
      {workflow.data && (
        <Stack gap="lg">
          <WorkflowHeader workflow={workflow.data} />
          {workflow.data.attributes.isArchived && <ArchivedWorkflowBanner />}
          <Suspense fallback={<PageLoader />}>
            <WorkflowEditor key={workflow.data.id} workflowId={workflow.data.id} />
          </Suspense>
          <WorkflowVersions workflowId={workflow.data.id} current={workflow.data.attributes.version} />
        </Stack>
      )}
    </Container>
  );
}
