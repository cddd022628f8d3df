import type { ModelServiceInfo } from '@asb/contracts';
import { Alert, Code, Stack, Text } from '@mantine/core';
import { CopyableValue } from '../../../ui/CopyableValue';
import { formatDateTime } from '../../../ui/formatDateTime';
import { KeyValueList } from '../../../ui/KeyValueList';
import { StatusBadge } from '../../../ui/StatusBadge';
import { Empty } from '../item-page/Empty';
import { NOT_DEPLOYABLE } from './ModelServiceButton';

/** The example request of the Open Inference Protocol, for the tab. */
function curlExample(inferUrl: string): string {
  return [
    `curl -X POST '${inferUrl}' \\`,
    `  -H "Authorization: Bearer $ASB_TOKEN" -H 'Content-Type: application/json' \\`,
    `  -d '{"inputs": [{"name": "…", "shape": […], "datatype": "FP32", "data": […]}]}'`,
  ].join('\n');
}

/** The Model as a Service tab (spec 3 §2; signed in): the caller's service of the model, its URLs and how to call it. */
export function ModelServicePanel({ info, isLoading }: { info: ModelServiceInfo | undefined; isLoading: boolean }) {
  if (isLoading) return <Empty>Reading the service’s status…</Empty>;
  if (!info?.status) return <Empty>{NOT_DEPLOYABLE}</Empty>;
  const rows: [string, React.ReactNode][] = [
    ['Status', <StatusBadge key="status" status={info.status} />],
    ...(info.model_proc_id ? [['Process identifier', <Code key="id">{info.model_proc_id}</Code>] as [string, React.ReactNode]] : []),
    ...(info.started ? [['Started', formatDateTime(info.started)] as [string, React.ReactNode]] : []),
    ...(info.model_proc_url
      ? [['Model metadata', <CopyableValue key="proc" value={info.model_proc_url} copyLabel="Copy the model metadata URL" />] as [string, React.ReactNode]]
      : []),
    ...(info.model_infer_url
      ? [['Inference URL', <CopyableValue key="infer" value={info.model_infer_url} copyLabel="Copy the inference URL" />] as [string, React.ReactNode]]
      : []),
  ];
  return (
    <Stack gap="md">
      {info.status === 'undeployed' && (
        <Text size="sm" c="dimmed">
          The service is not started. Start it with the status button above: the model is loaded once into an Open Inference Protocol (v2) server of your own,
          which answers at its inference URL until you stop it.
        </Text>
      )}
      {info.status === 'error' && info.error && (
        <Alert color="red" variant="light" title="Service error">
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
            {info.error}
          </Text>
        </Alert>
      )}
      <KeyValueList rows={rows} labelWidth={180} />
      {info.model_infer_url && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Calling it
          </Text>
          <Code block>{curlExample(info.model_infer_url)}</Code>
        </Stack>
      )}
    </Stack>
  );
}
