import { ActionIcon, Anchor, Badge, Button, Group, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import {
  executionInputRows,
  executionOutputRows,
  reportResults,
  taskStateColor,
  taskStateText,
  type ExecutionInputGroup,
  type ExecutionResults,
  type ReportSummaryRow,
  type ReportTaskRow,
  type TaskAttributes,
} from '@asb/contracts';
import { IconDownload, IconFileText, IconMap } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { handleError } from '../../app/api/error-handler';
import { routePath } from '../../app/routes';
import { saveBlob } from '../../ui/download';
import { StatusBadge } from '../executions/StatusBadge';
import { TaskLogModal } from '../executions/TaskLogModal';
import { TaskStateBadge } from '../executions/TaskStateBadge';
import { fetchOutputFile } from './api';
import type { PreviewTarget } from './MapPreviewModal';

// OpenLayers loads only when a preview is opened
const MapPreviewModal = lazy(() => import('./MapPreviewModal').then((module) => ({ default: module.MapPreviewModal })));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

/** Spec 1 §2 Summary table (rows and display rules from @asb/contracts, shared with the PDF). */
export function SummaryTable({ rows }: { rows: ReportSummaryRow[] }) {
  return (
    <Section title="Summary">
      <Table withRowBorders verticalSpacing={4} aria-label="Summary">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-summary={row.key}>
              <Table.Th w={200} fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** Spec 1 §2 Inputs table: label and value of the inputs marked user-visible; encrypted values masked. */
export function InputsTable({ inputs }: { inputs: ExecutionInputGroup[] }) {
  const rows = executionInputRows(inputs);
  return (
    <Section title="Inputs">
      {rows.length === 0 ? (
        <Empty text="No inputs" />
      ) : (
        <Table verticalSpacing={4} aria-label="Inputs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Label</Table.Th>
              <Table.Th>Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.nodeId}.${row.identifier}`}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }} ff={row.encrypted ? 'monospace' : undefined}>
                  {row.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

const PREVIEWABLE_TYPES = new Set(['geotiff', 'cog']);
const isDatastoreFile = (value: string) => /^\/builder\/v1\/executions\/[^/]+\/files\//.test(value);
const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? 'output');

async function download(url: string) {
  try {
    saveBlob(await fetchOutputFile(url), fileName(url));
  } catch (error) {
    handleError(error, 'builder');
  }
}

/** Spec 1 §2 Outputs table: task_id, key, type, value, actions (Preview on a map and Download for GeoTIFF outputs). */
export function OutputsTable({ executionResults }: { executionResults: ExecutionResults | null }) {
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const rows = executionOutputRows(executionResults);
  return (
    <Section title="Outputs">
      {rows.length === 0 ? (
        <Empty text="No outputs" />
      ) : (
        <Table verticalSpacing={4} aria-label="Outputs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>task_id</Table.Th>
              <Table.Th>key</Table.Th>
              <Table.Th>type</Table.Th>
              <Table.Th>value</Table.Th>
              <Table.Th>actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const isFile = isDatastoreFile(row.value);
              const canPreview = isFile && PREVIEWABLE_TYPES.has(row.type);
              return (
                <Table.Tr key={`${row.taskId}.${row.key}`} data-output={`${row.taskId}.${row.key}`}>
                  <Table.Td ff="monospace">{row.taskId}</Table.Td>
                  <Table.Td>{row.key}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" tt="none">
                      {row.typeLabel || row.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Text size="sm" lineClamp={3}>
                      {isFile ? fileName(row.value) : row.value}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {canPreview && (
                        <Button size="compact-xs" variant="light" leftSection={<IconMap size={14} />} onClick={() => setPreview({ url: row.value, title: `${row.taskId}.${row.key}` })}>
                          Preview
                        </Button>
                      )}
                      {isFile && (
                        <Button size="compact-xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void download(row.value)}>
                          Download
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {preview && (
        <Suspense fallback={null}>
          <MapPreviewModal target={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </Section>
  );
}

const secondsText = (seconds: number | undefined) => (seconds === undefined ? 'n/a' : seconds.toFixed(1));

/** Spec 1 §2 Tasks table: task_id, worker selectors, start, end, duration in seconds, state; and each task's stored log. */
export function TasksTable({ executionId, rows }: { executionId: string; rows: ReportTaskRow[] }) {
  const [logTaskId, setLogTaskId] = useState<string | null>(null);
  return (
    <Section title="Tasks">
      {rows.length === 0 ? (
        <Empty text="No tasks" />
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing={4} aria-label="Tasks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>task_id</Table.Th>
                <Table.Th>Worker selectors</Table.Th>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Duration (s)</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th aria-label="Log" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.taskId} data-task-id={row.taskId}>
                  <Table.Td ff="monospace">{row.taskId}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c={row.worker ? undefined : 'dimmed'}>
                      {row.worker || 'none'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.start}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.end}</Table.Td>
                  <Table.Td>{secondsText(row.durationSeconds)}</Table.Td>
                  <Table.Td>
                    <TaskStateBadge state={row.state} />
                  </Table.Td>
                  <Table.Td>
                    {row.tryNumber > 0 && (
                      <Tooltip label="Log">
                        <ActionIcon variant="subtle" aria-label={`Log of ${row.taskId}`} onClick={() => setLogTaskId(row.taskId)}>
                          <IconFileText size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TaskLogModal executionId={executionId} taskId={logTaskId} onClose={() => setLogTaskId(null)} />
    </Section>
  );
}

/** The child runs of a dynamic-list-splitter (spec 1 §2): each run with its tasks coloured by state. */
export function ChildDags({ executionResults }: { executionResults: ExecutionResults | null }) {
  const results = reportResults(executionResults);
  const runs = Object.entries(results.childDags);
  if (runs.length === 0) return null;
  const states = new Map(results.tasks.map((task) => [task.task_id, task.state]));
  return (
    <Section title="Child DAGs">
      <Table verticalSpacing={4} aria-label="Child DAGs">
        <Table.Tbody>
          {runs.map(([run, taskIds]) => (
            <Table.Tr key={run} data-run={run}>
              <Table.Td ff="monospace" w={200}>
                {run}
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {taskIds.map((taskId) => {
                    const state = states.get(taskId) ?? 'no_status';
                    return (
                      <Badge key={taskId} color={taskStateColor(state)} tt="none" title={taskStateText(state)}>
                        {taskId}
                      </Badge>
                    );
                  })}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** Related Jobs (feature flag execution-report-jobs): the engine's task instances of this execution (taskmgr). */
export function RelatedJobs({ jobs }: { jobs: { id: string; attributes: TaskAttributes }[] | undefined }) {
  return (
    <Section title="Related Jobs">
      {!jobs || jobs.length === 0 ? (
        <Empty text="No jobs found" />
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
    </Section>
  );
}
