import { Alert, Container, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../../ui/PageLoader';
import { useProcess } from '../api/processes';
import { refusalOf } from '../../../app/api/refusal';
import { useReportError } from '../../../app/api/use-report-error';
import { ArchivedBanner } from './ArchivedBanner';
import { ProcessHeader } from './ProcessHeader';
import { VersionsSection } from './VersionsSection';

/** /processes/{id}: a process, its versions and the bucket of the selected unreleased version. */
export function ProcessPage() {
  const id = useParams().id ?? '';
  const process = useProcess(id);
  const refusal = refusalOf(process.error, 'process');
  useReportError(refusal ? null : process.error, process.errorUpdatedAt, 'knowledge');
  return (
    <Container size="xl" py="xl">
      {process.isPending && <PageLoader />}
      {process.isError && (
        <Alert color={refusal ? 'yellow' : 'red'} variant="light">
          {refusal ?? `Something went wrong while fetching process #${id}`}
        </Alert>
      )}
      {process.data && (
        <Stack gap="lg">
          <ProcessHeader process={process.data} />
          {process.data.attributes.isArchived && <ArchivedBanner />}
          <VersionsSection key={process.data.id} process={process.data} />
        </Stack>
      )}
    </Container>
  );
}
