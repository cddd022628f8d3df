import { Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatReportDate, STRATEGY_LABELS } from '@asb/contracts';
import { Link, useParams } from 'react-router';
import { refusalOf } from '../../app/api/refusal';
import { useReportError } from '../../app/api/use-report-error';
import { useAuth } from '../../app/auth/auth-context';
import { routePath } from '../../app/routes';
import { CopyableValue } from '../../ui/CopyableValue';
import { PageLoader } from '../../ui/PageLoader';
import { ResourceNotFound } from '../../ui/ResourceNotFound';
import { ExecuteForm } from '../executions/execute/ExecuteForm';
import { useExecuteTarget } from '../executions/execute/use-execute-target';
import { useSchedule, type Schedule } from './api';
import { ScheduleStatusBadge } from './schedule-list-config';

/** What the scheduler did and does: next and last run (UTC, as the form), runs so far, the last error, the trigger URL. */
function ScheduleState({ schedule }: { schedule: Schedule }) {
  const a = schedule.attributes;
  const fact = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {fact('Strategy', STRATEGY_LABELS[a.strategy])}
        {fact('Next run', a.nextRunAt ? `${formatReportDate(a.nextRunAt)} UTC` : 'none')}
        {fact('Last run', a.lastRunAt ? `${formatReportDate(a.lastRunAt)} UTC` : 'never')}
        {fact('Executions', String(a.executionCount))}
      </SimpleGrid>
      {a.lastError && (
        <Text size="sm" c="red" mt="sm">
          Last run could not start: {a.lastError}
        </Text>
      )}
      {a.triggerUrl && (
        <Stack gap={2} mt="sm">
          <Text size="xs" c="dimmed">
            Trigger URL (POST; keep it secret: whoever has it can start the workflow)
          </Text>
          <CopyableValue value={a.triggerUrl} copyLabel="Copy the trigger URL" testId="trigger-url" />
        </Stack>
      )}
    </Paper>
  );
}

/** /schedules/{id}: 'Schedule {identifier}' with the execute form in schedule mode (spec 1 §2). */
export function SchedulePage() {
  const id = useParams().id ?? '';
  const { instance } = useAuth();
  const schedule = useSchedule(id);
  const processorId = schedule.data?.attributes.processorId ?? '';
  const { processor, allowed } = useExecuteTarget(processorId);
  const scheduleRefusal = refusalOf(schedule.error, 'schedule');
  const workflowRefusal = refusalOf(processor.error, 'workflow');
  useReportError(scheduleRefusal ? null : schedule.error, schedule.errorUpdatedAt, 'builder');
  useReportError(workflowRefusal ? null : processor.error, processor.errorUpdatedAt, 'knowledge');
  const refusal = scheduleRefusal ?? workflowRefusal;

  if (schedule.isPending || (schedule.isSuccess && processor.isPending)) return <PageLoader />;
  if (schedule.isError || processor.isError || !schedule.data || !processor.data)
    return <ResourceNotFound title={refusal ?? 'Schedule not found'} backTo={routePath('schedules')} backLabel="Back to the schedules" />;
  const a = schedule.data.attributes;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              Schedule {a.identifier}
            </Title>
            <Group gap="xs">
              <Anchor component={Link} to={routePath('workflow', { id: a.processorId })} size="sm">
                {a.processorLabel || a.processorIdentifier}
              </Anchor>
              <Badge variant="light" size="sm">
                Version {processor.data.attributes.version}
              </Badge>
              {a.isArchived && (
                <Badge color="gray" size="sm">
                  Archived
                </Badge>
              )}
            </Group>
          </div>
          <ScheduleStatusBadge status={a.status} />
        </Group>
        <ScheduleState schedule={schedule.data} />
        <ExecuteForm
          key={`${schedule.data.id}:${a.updatedAt}`}
          processor={processor.data}
          allowed={allowed.allowed}
          isCheckingAllowed={allowed.isChecking}
          isScheduling
          schedule={schedule.data}
          theme={instance?.theme ?? ''}
        />
      </Stack>
    </Container>
  );
}
