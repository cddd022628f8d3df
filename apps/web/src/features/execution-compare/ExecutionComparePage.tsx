import { Alert, Container, Stack, Title } from '@mantine/core';
import { errorNotice } from '@asb/contracts';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../app/api/http';
import { useReportError } from '../../app/api/use-report-error';
import { PageLoader } from '../../ui/PageLoader';
import { useExecutionComparison } from './api/comparison';
import { CompareHeader } from './CompareHeader';
import { InputDifferences } from './InputDifferences';
import { OutputDifferences } from './OutputDifferences';
import { TaskDifferences } from './TaskDifferences';

const TITLE = 'Compare executions';

/** The ids of `?ids=a,b`; anything but two leaves the page to say how to choose them. */
function idsOf(params: URLSearchParams): [string, string] | undefined {
  const ids = params
    .getAll('ids')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return ids.length === 2 ? [ids[0]!, ids[1]!] : undefined;
}

/**
 * /monitoring/compare?ids=a,b (issue 35 §3, docs/compare.md): two executions side by side,
 * their inputs, outputs and tasks with what differs highlighted.
 */
export function ExecutionComparePage() {
  const [params] = useSearchParams();
  const ids = idsOf(params);
  const query = useExecutionComparison(ids?.[0] ?? '', ids?.[1] ?? '');
  const isClientError = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  useReportError(isClientError ? null : query.error, query.errorUpdatedAt, 'builder');

  if (!ids) {
    return (
      <Container size="xl" py="xl">
        <Title order={2} mb="md">
          {TITLE}
        </Title>
        <Alert color="yellow">Choose two executions in the Executions list and press Compare.</Alert>
      </Container>
    );
  }
  if (query.isPending) return <PageLoader />;
  const comparison = query.data;
  if (!comparison) {
    return (
      <Container size="xl" py="xl">
        <Title order={2} mb="md">
          {TITLE}
        </Title>
        <Alert color={isClientError ? 'yellow' : 'red'}>
          {query.error instanceof ApiError && isClientError
            ? errorNotice(query.error.status, query.error.statusText, query.error.body).message
            : 'Something went wrong while comparing the executions'}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={2}>{TITLE}</Title>
        <CompareHeader comparison={comparison} />
        <InputDifferences inputs={comparison.inputs} />
        <OutputDifferences outputs={comparison.outputs} />
        <TaskDifferences tasks={comparison.tasks} />
      </Stack>
    </Container>
  );
}
