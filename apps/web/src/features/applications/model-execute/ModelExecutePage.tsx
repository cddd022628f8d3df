import {
  itemLicenceUrl,
  MODEL_CONTENT_TYPE,
  MODEL_ENCODING,
  MODEL_INPUT_DATATYPE,
  modelInputFields,
  MODEL_TERMS_FEATURE,
  NOTIFY_MS,
  type ModelInputField,
  type StacItem,
} from '@asb/contracts';
import { Anchor, Badge, Button, Container, FileInput, Group, Paper, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../../app/api/http';
import { handleError } from '../../../app/api/error-handler';
import { useReportError } from '../../../app/api/use-report-error';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { PageLoader } from '../../../ui/PageLoader';
import { ResourceNotFound } from '../../../ui/ResourceNotFound';
import { useTermsGate } from '../../catalogue/api/terms';
import { TASKS_KEY } from '../../executions/api/tasks';
import { serverInputErrors } from '../execute/server-errors';
import { TermsCheckbox } from '../../../ui/TermsCheckbox';
import { useStacItem } from '../../catalogue/api/catalogue';
import { itemName, itemVersion } from '../../catalogue/item-page/item-rules';
import { modelExecutionRequest, modelFieldError, shapeText, type ModelFormValue, type ModelFormValues } from './model-form';
import { countOf, pluralForm } from '../../../ui/plural';

/**
 * /collections/{id}/model_execute/{model_id} (spec 3 §2 Model execute): the Input Form tab with
 * one field per input of the model's signature — a GeoTIFF or PNG file for an image input,
 * comma-separated numbers otherwise (spec 3 §5) — and Execute, which goes to /monitoring/models.
 */
export function ModelExecutePage() {
  const { id: collection = '', modelId = '' } = useParams();
  const item = useStacItem(collection, modelId);
  useReportError(item.error, item.errorUpdatedAt, 'Backend');
  if (item.isPending) return <PageLoader />;
  if (!item.data || item.data.properties?.type !== 'model')
    return <ResourceNotFound title="Model not found" backTo={routePath('marketplace')} backLabel="Back to the marketplace" />;
  return <ModelExecuteForm key={`${collection}/${modelId}`} collection={collection} item={item.data} />;
}

function ModelExecuteForm({ collection, item }: { collection: string; item: StacItem }) {
  const fields = useMemo(() => modelInputFields((item.properties ?? {}) as Record<string, unknown>), [item]);
  const [values, setValues] = useState<ModelFormValues>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { instance } = useAuth();

  const terms = useTermsGate(itemLicenceUrl(item), (instance?.theme_features ?? []).includes(MODEL_TERMS_FEATURE));

  const errors = Object.fromEntries(
    fields.flatMap((field) => {
      const error = modelFieldError(field, values[field.name] ?? null);
      return error ? [[field.name, error]] : [];
    }),
  );
  const invalidCount = Object.keys(errors).length;
  const shownError = (name: string) => serverErrors[name] ?? (touched.has(name) ? errors[name] : undefined);
  const setValue = (name: string, value: ModelFormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => new Set(current).add(name));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };

  const execute = async () => {
    setTouched(new Set(fields.map((field) => field.name)));
    if (running.current || invalidCount > 0 || terms.isBlocking) return;
    running.current = true;
    setBusy(true);
    try {
      const body = await modelExecutionRequest(collection, item.id, fields, values);
      const task = (await api('POST /backend/v1/catalogue-collections/{id}/execute_model', { params: { id: collection }, body })).data;
      notifications.show({ message: `Execution ${task.attributes.identifier} started`, color: 'green', autoClose: NOTIFY_MS.short });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY.model });
      await navigate(routePath('modelExecutions'));
    } catch (error) {
      const byInput = serverInputErrors(
        error,
        fields.map((field) => field.name),
      );
      if (Object.keys(byInput).length > 0) setServerErrors(byInput);
      else handleError(error, 'Backend');
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Execute {itemName(item)}
          </Title>
          <Group gap="xs">
            <Anchor component={Link} to={routePath('catalogueModelDetail', { id: collection, modelId: item.id })} c="dimmed" ff="monospace" size="sm">
              {collection} / {item.id}
            </Anchor>
            <Badge variant="light" size="sm" tt="none">
              v {itemVersion(item)}
            </Badge>
          </Group>
        </div>
        <Paper withBorder radius="md" p="lg">
          <Tabs defaultValue="inputs">
            <Tabs.List mb="md">
              <Tabs.Tab value="inputs">Input Form</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="inputs">
              <Stack gap="md">
                {fields.length === 0 && <Text c="dimmed">This model declares no inputs: it cannot be executed here.</Text>}
                {fields.map((field) => (
                  <ModelInput
                    key={field.name}
                    field={field}
                    value={values[field.name] ?? null}
                    error={shownError(field.name)}
                    onChange={(value) => setValue(field.name, value)}
                  />
                ))}
                <Group gap="md" align="flex-end">
                  <Select
                    label="Content type"
                    data={[
                      { value: MODEL_CONTENT_TYPE, label: MODEL_CONTENT_TYPE },
                      { value: 'str', label: 'str', disabled: true },
                    ]}
                    value={MODEL_CONTENT_TYPE}
                    allowDeselect={false}
                    w={140}
                  />
                  <TextInput label="Datatype" value={MODEL_INPUT_DATATYPE} readOnly w={120} />
                  <TextInput label="Encoding" value={MODEL_ENCODING} readOnly w={120} />
                </Group>
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            {terms.isRequired && <TermsCheckbox {...terms.checkbox} subject="model" />}
            <Group gap="md">
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => void execute()}
                disabled={busy || fields.length === 0 || terms.isBlocking}
                loading={busy}
              >
                Execute
              </Button>
              {touched.size > 0 && invalidCount > 0 && (
                <Text size="sm" c="dimmed">
                  {`${countOf(invalidCount, 'input')} ${pluralForm(invalidCount, 'needs', 'need')} a valid value.`}
                </Text>
              )}
              {terms.isRequired && !terms.isAccepted && (
                <Text size="sm" c="dimmed">
                  Accept the Terms and Conditions to execute this model.
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

/** One input: a file for an image input, comma-separated numbers otherwise; its shape and doc below. */
function ModelInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ModelInputField;
  value: ModelFormValue;
  error?: string;
  onChange(value: ModelFormValue): void;
}) {
  const description = [field.doc, `Tensor ${shapeText(field.shape)}, ${MODEL_INPUT_DATATYPE}`].filter(Boolean).join(' · ');
  if (field.kind === 'image') {
    return (
      <FileInput
        label={field.label}
        description={`${description} · a GeoTIFF or PNG file, at most 20 MB`}
        placeholder="Choose a file"
        accept="image/tiff,image/png,.tif,.tiff,.png"
        leftSection={<IconPhoto size={16} />}
        value={value instanceof File ? value : null}
        onChange={(file) => onChange(file)}
        error={error}
        clearable
        withAsterisk
      />
    );
  }
  return (
    <TextInput
      label={field.label}
      description={`${description} · comma-separated numbers`}
      placeholder="1.5, 2, 3.25"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      withAsterisk
    />
  );
}
