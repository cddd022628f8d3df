import { Anchor, Table } from '@mantine/core';
import type { TaskListAttributes } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';
import { StatusBadge } from '../../ui/StatusBadge';
import { ReportEmpty, ReportSection } from './ReportSection';

/** Related Jobs (feature flag execution-report-jobs): the engine's task instances of this execution (taskmgr). */
export function RelatedJobs({ jobs }: { jobs: { id: string; attributes: TaskListAttributes }[] | undefined }) {
  return (
    <ReportSection title="Related Jobs">
      {!jobs || jobs.length === 0 ? (
        <ReportEmpty text="No jobs found" />
      ) : (
        <Table verticalSpacing={4} aria-label="Related Jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Th>Identifier</Table.Th>
              <Table.Th>Worker</Table.Th>
              <Table.Th>Tries</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>
                  <StatusBadge status={job.attributes.status} progress={job.attributes.progress} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={routePath('jobs')} size="sm" ff="monospace">
                    {job.attributes.identifier}
                  </Anchor>
                </Table.Td>
                <Table.Td>{job.attributes.workerLabel ?? 'n/a'}</Table.Td>
                <Table.Td>
                  {job.attributes.tryNumber}/{job.attributes.maxTries}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ReportSection>
  );
}
