import { LOCAL_TARGET } from '@asb/contracts';
import { Anchor, Badge, Button, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useReportError } from '../../../app/api/use-report-error';
import { routePath } from '../../../app/routes';
import { PageLoader } from '../../../ui/PageLoader';
import { ResourceNotFound } from '../../../ui/ResourceNotFound';
import { useTermsFeature, useTermsGate } from '../../catalogue/api/terms';
import { ApplicationInputField } from './ApplicationInputField';
import { formErrors, initialValue, inputField, type FieldValue, type FormValues } from './application-form';
import { TermsCheckbox } from '../../../ui/TermsCheckbox';
import { useApplicationDescription } from '../api/applications';
import { LocalHintsAlert } from '../detail/LocalHintsAlert';
import { useTargetOptions } from './use-target-options';
import { useExecuteApplication } from './use-execute-application';
import { countOf, pluralForm } from '../../../ui/plural';

/**
 * /collections/{id}/execute/{appId} (spec 3 §2 Execute application): one typed field per
 * input of the description, the Target Platform (Default, or a registered ADES), the terms
 * of the licence when the theme asks for them, and Execute (spec 3 §5), which goes to
 * /monitoring/applications.
 */
export function ExecuteApplicationPage() {
  const { id: collection = '', appId = '' } = useParams();
  const description = useApplicationDescription(collection, appId);
  const targets = useTargetOptions();
  useReportError(description.error, description.errorUpdatedAt, 'Backend');
  useReportError(targets.error, targets.errorUpdatedAt, 'Backend');

  if (description.isPending) return <PageLoader />;
  if (description.isError)
    return <ResourceNotFound title="Application not found" backTo={routePath('catalogueCollection', { id: collection })} backLabel="Back to the collection" />;
  return (
    <ExecuteApplicationForm
      key={`${collection}/${appId}`}
      application={description.data}
      targets={targets.data ?? [{ value: LOCAL_TARGET.value, label: LOCAL_TARGET.label }]}
      isLoadingTargets={targets.isPending}
    />
  );
}

type Application = NonNullable<ReturnType<typeof useApplicationDescription>['data']>;

function ExecuteApplicationForm({
  application,
  targets,
  isLoadingTargets,
}: {
  application: Application;
  targets: { value: string; label: string }[];
  isLoadingTargets: boolean;
}) {
  const fields = useMemo(() => application.inputs.map(inputField), [application.inputs]);
  const [values, setValues] = useState<FormValues>(() =>
    Object.fromEntries(application.inputs.map((input, at) => [input.id, initialValue(fields[at]!, input.default)])),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<string | null>(LOCAL_TARGET.value);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = formErrors(fields, values);
  const invalidCount = Object.keys(errors).length;

  const terms = useTermsGate(application.license, useTermsFeature());

  const { execute, busy } = useExecuteApplication(application.collection, application.identifier, fields, setServerErrors);
  const setValue = (id: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [id]: value }));
    setServerErrors(({ [id]: _dropped, ...rest }) => rest);
  };
  const touch = (id: string) => setTouched((current) => (current.has(id) ? current : new Set(current).add(id)));
  const shownError = (id: string) => serverErrors[id] ?? (touched.has(id) || values[id]?.length ? errors[id] : undefined);
  const canExecute = !busy && invalidCount === 0 && target !== null && !terms.isBlocking;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Execute {application.title || application.identifier}
          </Title>
          <Group gap="xs">
            <Anchor
              component={Link}
              to={routePath('catalogueApplicationDetail', { id: application.collection, appId: application.identifier })}
              c="dimmed"
              ff="monospace"
              size="sm"
            >
              {application.collection} / {application.identifier}
            </Anchor>
            {application.softwareVersion && (
              <Badge variant="light" size="sm">
                Version {application.softwareVersion}
              </Badge>
            )}
          </Group>
        </div>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="application-inputs">
          <Title order={2} size="h4" mb="md" id="application-inputs">
            Inputs
          </Title>
          <Stack gap="md">
            {fields.length === 0 && <Text c="dimmed">This application takes no inputs.</Text>}
            {fields.map((field) => (
              <ApplicationInputField
                key={field.id}
                field={field}
                value={values[field.id] ?? ''}
                error={shownError(field.id)}
                onChange={(value) => setValue(field.id, value)}
                onBlur={() => touch(field.id)}
              />
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Select
              label="Target Platform"
              description="Default runs the application on this portal; an ADES runs it on that OGC API – Processes server."
              data={targets}
              value={target}
              onChange={setTarget}
              allowDeselect={false}
              disabled={isLoadingTargets && targets.length === 0}
              placeholder="Choose a target"
              w={{ base: '100%', sm: 360 }}
            />
            {target === 'local' && <LocalHintsAlert hints={application.hints} />}
            {terms.isRequired && <TermsCheckbox {...terms.checkbox} />}
            <Group gap="md">
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => {
                  setTouched(new Set(fields.map((field) => field.id)));
                  if (target && canExecute) void execute(values, target);
                }}
                disabled={!canExecute}
                loading={busy}
              >
                Execute
              </Button>
              {invalidCount > 0 && (
                <Text size="sm" c="dimmed">
                  {`${countOf(invalidCount, 'input')} ${pluralForm(invalidCount, 'needs', 'need')} a valid value.`}
                </Text>
              )}
              {invalidCount === 0 && terms.isRequired && !terms.isAccepted && (
                <Text size="sm" c="dimmed">
                  Accept the Terms and Conditions to execute this application.
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
