import { modelInputKind, type StacItem } from '@asb/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { Empty } from './Empty';
import { signatureOf, type SignatureEntry } from './item-rules';

const GIVEN_AS = { image: 'an image or file', numbers: 'comma-separated numbers' } as const;

const COLUMNS: DataColumn<SignatureEntry>[] = [
  {
    header: 'Name',
    render: (entry) => (
      <Text size="sm" ff="monospace">
        {entry.name}
      </Text>
    ),
  },
  { header: 'Label', render: (entry) => entry.label ?? '' },
  { header: 'Type', render: (entry) => entry.type ?? '' },
  { header: 'Data type', render: (entry) => entry.tensor?.dtype ?? '' },
  { header: 'Shape', render: (entry) => (entry.tensor?.shape ? `[${entry.tensor.shape.join(', ')}]` : '') },
];
/** How the execute form takes an input (spec 3 §5 Model inputs). */
const GIVEN_AS_COLUMN: DataColumn<SignatureEntry> = {
  header: 'Given as',
  render: (entry) => GIVEN_AS[modelInputKind({ type: entry.type, 'tensor-spec': entry.tensor })],
};
const DESCRIPTION_COLUMN: DataColumn<SignatureEntry> = { header: 'Description', render: (entry) => entry.doc ?? '' };

function SignatureTable({ label, entries, isInputs = false }: { label: string; entries: SignatureEntry[]; isInputs?: boolean }) {
  if (entries.length === 0) return <Empty>No {label.toLowerCase()} declared</Empty>;
  return (
    <DataTable
      label={label}
      minWidth={560}
      spacing={6}
      rows={entries}
      rowKey={(_entry, index) => index}
      columns={[...COLUMNS, ...(isInputs ? [GIVEN_AS_COLUMN] : []), DESCRIPTION_COLUMN]}
    />
  );
}

/** A model's signature (spec 3 §3): dlm:inputs and dlm:outputs with their tensor specs. */
export function SignaturePanel({ item }: { item: StacItem }) {
  const { inputs, outputs } = signatureOf(item.properties);
  return (
    <Stack gap="md">
      <Title order={4} size="h6">
        Inputs
      </Title>
      <SignatureTable label="Inputs" entries={inputs} isInputs />
      <Title order={4} size="h6">
        Outputs
      </Title>
      <SignatureTable label="Outputs" entries={outputs} />
    </Stack>
  );
}
