import type { secretsContract } from '@asb/contracts';
import { NOTIFY_MS } from '@asb/contracts';
import { Container, Text } from '@mantine/core';
import { formatDateTime } from '../../ui/formatDateTime';
import { ResourceList, type CreateConfig, type ListRow, type ResourceColumn } from '../../ui/resource-list';
import { jsonApiSource, type AttributesOf } from '../../ui/resource-list/jsonapi-source';

type SecretAttributes = AttributesOf<typeof secretsContract>;

/** Spec 3 §7: GET and POST knowledge secrets; a secret is neither archived nor shared (nor changed). */
const secretSource = { ...jsonApiSource<typeof secretsContract>('/knowledge/v1', 'secrets'), setArchived: undefined, share: undefined };

const COLUMNS: ResourceColumn<SecretAttributes>[] = [
  {
    key: 'tag',
    header: 'Tag',
    sortField: 'identifier',
    render: (row: ListRow<SecretAttributes>) => (
      <Text size="sm" ff="monospace" fw={500}>
        {row.attributes.tag}
      </Text>
    ),
  },
  {
    key: 'createdAt',
    header: 'Stored',
    sortField: 'createdAt',
    noWrap: true,
    render: (row: ListRow<SecretAttributes>) => formatDateTime(row.attributes.createdAt),
  },
];

/** Spec 3 §2 / §5: 'Store secret' with Secret tag and Secret value; a 400 shows under its field; '{tag} successfully created' for 3 s. */
const STORE: CreateConfig = {
  buttonLabel: 'Store secret',
  submitLabel: 'Store',
  fields: [
    { name: 'tag', label: 'Secret tag', isRequired: true, description: "Letters, digits, '.', '_' and '-': how workflows will name it" },
    { name: 'value', label: 'Secret value', isRequired: true, isSecret: true, description: 'Stored encrypted; never shown again' },
  ],
  successMessage: (_item, values) => `${values.tag} successfully created`,
  successAutoClose: NOTIFY_MS.short,
};

/** /secrets (spec 3 §2 Secrets): the user's secrets by tag, searched and paged by 20; values are never shown. */
export function SecretsPage() {
  return (
    <Container size="lg" py="xl">
      <ResourceList
        title="Secrets"
        noun={{ name: 'Secret', plural: 'secrets' }}
        source={secretSource}
        columns={COLUMNS}
        create={STORE}
        defaultSort="identifier"
        rowActions={{ archiveText: '' }}
        emptyTexts={{ none: 'No secrets found', noMatch: 'No secrets found', failed: 'Something went wrong while fetching secrets' }}
      />
    </Container>
  );
}
