import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { MODEL_RUN_PROPERTY, modelRunReferenceSchema, type ModelRunReference, type StacItem } from '@asb/contracts';
import { useAuth } from '../../../app/auth/auth-context';
import { CopyableValue } from '../../../ui/CopyableValue';
import { KeyValueList } from '../../../ui/KeyValueList';
import { useModelRun } from '../api/catalogue';
import { Empty } from './Empty';

/** The training run a model item names (`properties["asb:run"]`), when it names one well. */
function runOf(item: StacItem): ModelRunReference | undefined {
  const parsed = modelRunReferenceSchema.safeParse(item.properties[MODEL_RUN_PROPERTY]);
  return parsed.success ? parsed.data : undefined;
}

const formatMetric = (value: number) => (Number.isInteger(value) ? String(value) : value.toPrecision(4));

/**
 * Training Details (spec 3 §2 Model detail, signed in): the training run's parameters and
 * metrics as key/value pairs, 'Not available' for either when missing.
 */
export function TrainingDetails({ item }: { item: StacItem }) {
  const { status } = useAuth();
  const run = useModelRun(runOf(item), status === 'authenticated');
  const params = run.data?.data.params ?? [];
  const metrics = run.data?.data.metrics ?? [];
  return (
    <Stack gap="sm">
      <Title order={4} size="h6">
        Parameters
      </Title>
      {params.length > 0 ? (
        <KeyValueList labelWidth={220} rows={params.map(({ key, value }) => [key, value])} />
      ) : (
        <Empty>{run.isLoading ? 'Loading…' : 'Not available'}</Empty>
      )}
      <Title order={4} size="h6">
        Metrics
      </Title>
      {metrics.length > 0 ? (
        <KeyValueList labelWidth={220} rows={metrics.map(({ key, value }) => [key, formatMetric(value)])} />
      ) : (
        <Empty>{run.isLoading ? 'Loading…' : 'Not available'}</Empty>
      )}
    </Stack>
  );
}

/**
 * For developers (spec 3 §2): the experiment and run ids of the model's training, linked to the
 * model tracking server when the instance names one (ASB_MODEL_TRACKING_URL, MLflow's UI).
 */
export function RunIds({ item }: { item: StacItem }) {
  const { instance } = useAuth();
  const run = runOf(item);
  if (!run) return null;
  const tracking = instance?.links.model_tracking?.replace(/\/+$/, '');
  const link = (text: string, href: string | undefined) =>
    href ? (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
        {text}
      </Anchor>
    ) : (
      <CopyableValue value={text} copyLabel={`Copy ${text}`} />
    );
  return (
    <>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Experiment
        </Text>
        {link(run.experiment_id, tracking && `${tracking}/#/experiments/${encodeURIComponent(run.experiment_id)}`)}
      </Group>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Run
        </Text>
        {link(run.run_id, tracking && `${tracking}/#/experiments/${encodeURIComponent(run.experiment_id)}/runs/${encodeURIComponent(run.run_id)}`)}
      </Group>
    </>
  );
}
