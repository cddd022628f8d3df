import { Alert, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useDataTypes, useSoftwareDependencies } from '../api/catalogs';
import { useReportError } from '../../../app/api/use-report-error';
import { MainDependencyCard, SoftwareDependenciesCard } from './DependencyCards';
import { InputsCard, OutputsCard } from './ParametersCard';
import { ResourcesCard } from './ResourcesCard';
import { generateWrapper } from './wrapper-code';
import { addInput, addOutput, chooseMainDependency, defaultDataType, EMPTY_DRAFT, missingRequirements, specOf, type WrapperDraft } from './wrapper-draft';
import { WrapperPreview } from './WrapperPreview';
import { WriteToProcessCard } from './WriteToProcessCard';

type Keyed = { key: number };

function patchItem<T extends Keyed>(items: T[], key: number, patch: Partial<T>): T[] {
  return items.map((item) => (item.key === key ? { ...item, ...patch } : item));
}

/** /processes/wrapper/generator: builds a process_wrapper.py in the browser (spec 2 Wrapper Generator). */
export function WrapperGeneratorPage() {
  const dataTypes = useDataTypes();
  const dependencies = useSoftwareDependencies();
  useReportError(dataTypes.error, dataTypes.errorUpdatedAt, 'knowledge');
  useReportError(dependencies.error, dependencies.errorUpdatedAt, 'knowledge');
  const [draft, setDraft] = useState<WrapperDraft>(EMPTY_DRAFT);
  const catalogue = dependencies.data ?? [];
  const typeOptions = (dataTypes.data ?? []).map((t) => ({ value: t.attributes.identifier, label: t.attributes.label }));
  const newType = defaultDataType(dataTypes.data ?? []);
  const { spec, defaultErrors, constraintErrors, pythonNames } = specOf(draft, catalogue);
  const code = generateWrapper(spec);
  const isValid =
    Object.keys(defaultErrors).length === 0 &&
    Object.keys(constraintErrors).length === 0 &&
    [...draft.inputs, ...draft.outputs].every((item) => item.name.trim() !== '' && item.dataType !== '');

  return (
    <Container size="xl" py="xl">
      <Title order={1} size="h2">
        Wrapper Generator
      </Title>
      <Text c="dimmed" mb="lg">
        Create a wrapper to import a new process version
      </Text>
      {(dataTypes.isError || dependencies.isError) && (
        <Alert color="red" variant="light" mb="md">
          Something went wrong while fetching the data types or software dependencies
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <InputsCard
              items={draft.inputs}
              dataTypes={typeOptions}
              pythonNames={pythonNames}
              defaultErrors={defaultErrors}
              constraintErrors={constraintErrors}
              isAddDisabled={dataTypes.isPending}
              onAdd={() => setDraft((d) => addInput(d, newType))}
              onChange={(key, patch) => setDraft((d) => ({ ...d, inputs: patchItem(d.inputs, key, patch) }))}
              onRemove={(key) => setDraft((d) => ({ ...d, inputs: d.inputs.filter((i) => i.key !== key) }))}
            />
            <OutputsCard
              items={draft.outputs}
              dataTypes={typeOptions}
              pythonNames={pythonNames}
              isAddDisabled={dataTypes.isPending}
              onAdd={() => setDraft((d) => addOutput(d, newType))}
              onChange={(key, patch) => setDraft((d) => ({ ...d, outputs: patchItem(d.outputs, key, patch) }))}
              onRemove={(key) => setDraft((d) => ({ ...d, outputs: d.outputs.filter((o) => o.key !== key) }))}
            />
            <MainDependencyCard catalogue={catalogue} value={draft.mainDependency} onChange={(id) => setDraft((d) => chooseMainDependency(d, id, catalogue))} />
            <SoftwareDependenciesCard
              catalogue={catalogue}
              mainDependency={draft.mainDependency}
              value={draft.dependencies}
              missing={missingRequirements(draft, catalogue)}
              onChange={(ids) => setDraft((d) => ({ ...d, dependencies: ids }))}
            />
            <ResourcesCard value={draft.resources} onChange={(resources) => setDraft((d) => ({ ...d, resources }))} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {/* the preview follows the form while it scrolls */}
          <Stack gap="lg" pos="sticky" top={80}>
            <WrapperPreview code={code} />
            <WriteToProcessCard code={code} isValid={isValid} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
