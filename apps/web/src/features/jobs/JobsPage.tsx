import { Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { ResourceList } from '../../ui/resource-list';
import { JOB_COLUMNS, JOB_DEFAULT_SORT, JOB_PRESETS, jobSource } from './job-list-config';

/** /jobs: the task instances of the user's executions, newest first, read-only (spec 3 "Jobs"). */
export function JobsPage() {
  const queryClient = useQueryClient();
  // every task change of an execution comes as an executionUpdate: the page follows it
  useLiveEvent('executionUpdate', () => void queryClient.invalidateQueries({ queryKey: jobSource.key }));
  return (
    <Container size="xl" py="xl">
      <ResourceList
        title="Jobs"
        noun={{ name: 'Job', plural: 'jobs' }}
        source={jobSource}
        columns={JOB_COLUMNS}
        filterPresets={JOB_PRESETS}
        defaultSort={JOB_DEFAULT_SORT}
      />
    </Container>
  );
}
