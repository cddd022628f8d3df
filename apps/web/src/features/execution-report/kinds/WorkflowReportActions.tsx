import { Button } from '@mantine/core';
import { NOTIFY_MS } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../app/api/error-handler';
import { routePath } from '../../../app/routes';
import { saveBlob } from '../../../ui/download';
import { ShareResourceButton } from '../../../ui/ShareResourceButton';
import { StopExecutionButton } from '../../executions/StopExecutionButton';
import { UnsubmittedExecutionActions } from '../../executions/UnsubmittedExecutionActions';
import { EXECUTIONS_KEY } from '../../executions/api/keys';
import { executionsSource, fetchExecutionPdf, isRunning, rerunExecution, type ExecutionResource } from '../../executions/api/execution';

/** Spec 1 §9: the PDF button stays busy 600 ms after the file arrived. */
const PDF_BUSY_MS = 600;

const pdfFileName = (id: string) => `ExecutionReport${id}.pdf`;

function DownloadPdfButton({ id }: { id: string }) {
  const [isGenerating, setIsGenerating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = async () => {
    setIsGenerating(true);
    try {
      saveBlob(await fetchExecutionPdf(id), pdfFileName(id));
    } catch (error) {
      handleError(error, 'builder');
    } finally {
      timer.current = setTimeout(() => setIsGenerating(false), PDF_BUSY_MS);
    }
  };
  return (
    <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void onClick()} disabled={isGenerating}>
      {isGenerating ? 'Generating...' : 'Download PDF'}
    </Button>
  );
}

/** Beyond the spec: an ended execution runs again with the same version and inputs (POST executions/{id}/rerun). */
function RunAgainButton({ execution }: { execution: ExecutionResource }) {
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const onClick = async () => {
    setIsBusy(true);
    try {
      const created = await rerunExecution(execution.id);
      notifications.show({ message: `${created.attributes.identifier} successfully created or updated`, color: 'green', autoClose: NOTIFY_MS.short });
      await navigate(routePath('executionReport', { id: created.id }));
    } catch (error) {
      handleError(error, 'builder');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconRefresh size={16} />} loading={isBusy} onClick={() => void onClick()}>
      Run again
    </Button>
  );
}

/** Spec 1 §2: share-to-workspaces, Download PDF; Stop while it runs, Run again once it ended, Submit and Delete while never submitted. */
export function WorkflowReportActions({ execution }: { execution: ExecutionResource }) {
  const a = execution.attributes;
  const running = isRunning(a.status);
  const navigate = useNavigate();
  return (
    <>
      <ShareResourceButton
        resource={execution}
        label="Share"
        title="Share execution"
        archivedText="Archived executions cannot be shared."
        share={(id, workspaceIds) => executionsSource.share!(id, workspaceIds)}
        queryKey={EXECUTIONS_KEY}
      />
      {running && a.permissions.change && <StopExecutionButton id={execution.id} identifier={a.identifier} />}
      {!running && a.status !== 'created' && <RunAgainButton execution={execution} />}
      {a.status === 'created' && (
        <UnsubmittedExecutionActions
          id={execution.id}
          identifier={a.identifier}
          canSubmit={a.permissions.change}
          canDelete={a.permissions.delete}
          onDeleted={() => void navigate(routePath('monitoring'))}
        />
      )}
      <DownloadPdfButton id={execution.id} />
    </>
  );
}
