import type { StacItem } from '@asb/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { DataTable } from '../../../ui/DataTable';
import { KeyValueList } from '../../../ui/KeyValueList';
import { ShortText } from '../../../ui/ShortText';
import { propertyText } from '../../../ui/stac/stac-item';
import { useExtensionSchemas } from '../api/catalogue';
import { Empty } from './Empty';
import { Href } from './Href';
import { splitProperties } from './item-rules';

/** The properties of each extension, grouped by prefix (mlm:, ml-model:, dlm:, ml-aoi:, sci: first), and the schemas the item declares. */
export function ExtensionsPanel({ item }: { item: StacItem }) {
  const { groups } = splitProperties(item.properties);
  const urls = item.stac_extensions ?? [];
  const { status } = useAuth();
  // what each schema says of the extension and its fields, when the server could read it (errors ignored)
  const schemas = useExtensionSchemas(urls, status === 'authenticated');
  if (groups.length === 0 && urls.length === 0) return <Empty>No extensions</Empty>;
  const fields = new Map([...schemas.values()].flatMap((schema) => schema.fields.map((field) => [field.name, field] as const)));
  const schemaOf = (prefix: string) => [...schemas.values()].find((schema) => schema.fields.some((field) => field.name.startsWith(`${prefix}:`)));
  return (
    <Stack gap="lg">
      {groups.map((group) => {
        const schema = schemaOf(group.prefix);
        return (
          <Stack key={group.prefix} gap={6} component="section" aria-label={`Extension ${group.prefix}`}>
            <Group gap="xs" align="baseline">
              <Title order={4} size="h6" ff="monospace">
                {group.prefix}:
              </Title>
              {schema?.title && (
                <Text size="sm" c="dimmed">
                  {schema.title}
                </Text>
              )}
            </Group>
            <KeyValueList
              labelWidth={240}
              rows={group.entries.map(([key, value]) => {
                const field = fields.get(key);
                const about = [field?.title, field?.description].filter(Boolean).join(' — ');
                return [
                  key,
                  <Stack key={key} gap={0}>
                    <ShortText text={propertyText(key, value)} />
                    {about && (
                      <Text size="xs" c="dimmed">
                        {about}
                      </Text>
                    )}
                  </Stack>,
                ] as [string, ReactNode];
              })}
            />
          </Stack>
        );
      })}
      {urls.length > 0 && (
        <DataTable
          label="Extension schemas"
          minWidth={560}
          spacing={6}
          rows={urls}
          rowKey={(_url, index) => index}
          columns={[
            { header: 'Schema', render: (url) => <Href href={url} /> },
            { header: 'Extension', render: (url) => schemas.get(url)?.title ?? '' },
            { header: 'Description', render: (url) => schemas.get(url)?.description ?? '' },
          ]}
        />
      )}
    </Stack>
  );
}
