import { Anchor, Badge, Code, Group, Table, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StacItem } from '@asb/contracts';
import { KeyValueList } from '../KeyValueList';
import { ShortText } from '../ShortText';
import { propertyText } from './stac-item';

function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <Code block aria-label={label} style={{ maxHeight: 480, overflow: 'auto' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function SimpleTable({ label, headers, rows }: { label: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table aria-label={label} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, index) => (
            <Table.Tr key={index}>
              {cells.map((cell, column) => (
                <Table.Td key={column}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Href({ href }: { href: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
      {href}
    </Anchor>
  );
}

/**
 * A STAC item in tabs (spec 3 Workflow detail): Properties, Geometry, Links, Assets (only if
 * non-empty), Extensions (only if non-empty), Raw JSON. The workflow detail page and the
 * catalogue browser's item panel show items this way.
 */
export function StacItemTabs({ item }: { item: StacItem }) {
  const properties = Object.entries(item.properties ?? {});
  const links = item.links ?? [];
  const assets = Object.entries(item.assets ?? {});
  const extensions = item.stac_extensions ?? [];
  return (
    <Tabs defaultValue="properties">
      <Tabs.List mb="md">
        <Tabs.Tab value="properties">Properties</Tabs.Tab>
        <Tabs.Tab value="geometry">Geometry</Tabs.Tab>
        <Tabs.Tab value="links">Links</Tabs.Tab>
        {assets.length > 0 && <Tabs.Tab value="assets">Assets</Tabs.Tab>}
        {extensions.length > 0 && <Tabs.Tab value="extensions">Extensions</Tabs.Tab>}
        <Tabs.Tab value="raw">Raw JSON</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="properties">
        {properties.length === 0 ? (
          <Empty>No properties</Empty>
        ) : (
          <KeyValueList labelWidth={200} rows={properties.map(([key, value]) => [key, <ShortText key={key} text={propertyText(key, value)} />])} />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="geometry">{item.geometry ? <Json value={item.geometry} label="Geometry JSON" /> : <Empty>No geometry</Empty>}</Tabs.Panel>
      <Tabs.Panel value="links">
        {links.length === 0 ? (
          <Empty>No links</Empty>
        ) : (
          <SimpleTable
            label="Links"
            headers={['Relation', 'Title', 'Type', 'Address']}
            rows={links.map((link) => [link.rel, link.title ?? '', link.type ?? '', <Href key="href" href={link.href} />])}
          />
        )}
      </Tabs.Panel>
      {assets.length > 0 && (
        <Tabs.Panel value="assets">
          <SimpleTable
            label="Assets"
            headers={['Key', 'Title', 'Type', 'Roles', 'Address']}
            rows={assets.map(([key, asset]) => [
              key,
              asset.title ?? '',
              asset.type ?? '',
              <Group key="roles" gap={4}>
                {(asset.roles ?? []).map((role) => (
                  <Badge key={role} size="xs" variant="light" tt="none">
                    {role}
                  </Badge>
                ))}
              </Group>,
              <Href key="href" href={asset.href} />,
            ])}
          />
        </Tabs.Panel>
      )}
      {extensions.length > 0 && (
        <Tabs.Panel value="extensions">
          <SimpleTable label="Extensions" headers={['Schema']} rows={extensions.map((extension) => [<Href key="href" href={extension} />])} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="raw">
        <Json value={item} label="Item JSON" />
      </Tabs.Panel>
    </Tabs>
  );
}
