import { Anchor, Badge, Card, Code, Group, Image, Loader, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { modelInputKind, type StacItem } from '@asb/contracts';
import { useAuth } from '../../../app/auth/auth-context';
import { KeyValueList } from '../../../ui/KeyValueList';
import { ShortText } from '../../../ui/ShortText';
import { propertyText } from '../../../ui/stac/stac-item';
import { useExtensionSchemas } from '../api/catalogue';
import { FieldsTable } from './PropertiesTable';
import { contactsOf, isGeoTiffAsset, signatureOf, splitProperties, themesOf, type SignatureEntry } from './item-rules';

// OpenLayers loads when a map is drawn (the Geometry tab, a GeoTIFF asset's preview), not with
// every page that shows an item: the workflow detail page is a deep link a signed-out visitor opens
const FootprintMiniMap = lazy(() => import('../product-input/FootprintMiniMap').then((module) => ({ default: module.FootprintMiniMap })));
const AssetPreview = lazy(() => import('../browser/AssetPreview').then((module) => ({ default: module.AssetPreview })));

/** The panels of a catalogue item's page (spec 3 §2 Model detail, Dataset detail, Workflow detail): one kit for every type. */

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function Href({ href }: { href: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
      {href}
    </Anchor>
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

/** The item's own properties (not those of an extension, which have their tab). */
export function PropertiesPanel({ item }: { item: StacItem }) {
  const { plain } = splitProperties(item.properties);
  const shown = plain.filter(([key]) => key !== 'themes' && key !== 'contacts');
  return shown.length === 0 ? <Empty>No properties</Empty> : <FieldsTable label="Properties" entries={shown} />;
}

export function GeometryPanel({ item }: { item: StacItem }) {
  if (!item.geometry) return <Empty>No geometry</Empty>;
  return (
    <Stack gap="sm">
      <Suspense fallback={<Loader size="sm" aria-label="Loading the map" />}>
        <FootprintMiniMap geometry={item.geometry as Record<string, unknown>} label="The item's geometry on a map" width="100%" height={320} />
      </Suspense>
      <Code block aria-label="Geometry JSON" style={{ maxHeight: 240, overflow: 'auto' }}>
        {JSON.stringify(item.geometry, null, 2)}
      </Code>
    </Stack>
  );
}

export function ThemesPanel({ item }: { item: StacItem }) {
  const themes = themesOf(item.properties);
  if (themes.length === 0) return <Empty>No themes</Empty>;
  return (
    <Stack gap="md">
      {themes.map((theme, index) => (
        <Stack key={`${theme.scheme}-${index}`} gap={6}>
          <Text size="sm" fw={600}>
            {theme.scheme ? <Href href={theme.scheme} /> : 'Scheme not specified'}
          </Text>
          <Group gap={6}>
            {theme.concepts.map((concept) => (
              <Badge
                key={concept.id}
                variant="light"
                tt="none"
                title={concept.description ?? concept.id}
                component={concept.url ? 'a' : 'span'}
                {...(concept.url ? { href: concept.url, target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {concept.name}
              </Badge>
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

export function ContactsPanel({ item }: { item: StacItem }) {
  const contacts = contactsOf(item.properties);
  if (contacts.length === 0) return <Empty>No contacts</Empty>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {contacts.map((contact, index) => (
        <Card key={index} withBorder padding="sm" component="section" aria-label={`Contact ${contact.name ?? contact.organization ?? index + 1}`}>
          <Group align="flex-start" wrap="nowrap" gap="sm">
            {contact.logo && /^https?:\/\//.test(contact.logo) && <Image src={contact.logo} alt="" w={40} h={40} fit="contain" />}
            <Stack gap={4}>
              <Title order={4} size="h6">
                {contact.name ?? contact.organization ?? 'Contact'}
              </Title>
              {contact.name && contact.organization && <Text size="sm">{contact.organization}</Text>}
              {contact.position && (
                <Text size="sm" c="dimmed">
                  {contact.position}
                </Text>
              )}
              {contact.roles.length > 0 && (
                <Group gap={4}>
                  {contact.roles.map((role) => (
                    <Badge key={role} size="xs" variant="default" tt="none">
                      {role}
                    </Badge>
                  ))}
                </Group>
              )}
              {contact.emails.map((email) => (
                <Text key={email.value} size="sm">
                  <Anchor href={`mailto:${email.value}`}>{email.value}</Anchor>
                  {email.roles.length > 0 && ` (${email.roles.join(', ')})`}
                </Text>
              ))}
              {contact.phones.map((phone) => (
                <Text key={phone.value} size="sm">
                  {phone.value}
                  {phone.roles.length > 0 && ` (${phone.roles.join(', ')})`}
                </Text>
              ))}
              {contact.addresses.map((address) => (
                <Text key={address} size="sm">
                  {address}
                </Text>
              ))}
              {contact.links.map((link) => (
                <Anchor key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                  {link.title ?? link.href}
                </Anchor>
              ))}
              {contact.contactInstructions && (
                <Text size="sm" c="dimmed">
                  {contact.contactInstructions}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function LinksPanel({ item }: { item: StacItem }) {
  const links = item.links ?? [];
  if (links.length === 0) return <Empty>No links</Empty>;
  return (
    <SimpleTable
      label="Links"
      headers={['Relation', 'Title', 'Type', 'Address']}
      rows={links.map((link) => [link.rel, link.title ?? '', link.type ?? '', <Href key="href" href={link.href} />])}
    />
  );
}

export function AssetsPanel({ item, preview = true }: { item: StacItem; preview?: boolean }) {
  const assets = Object.entries(item.assets ?? {});
  if (assets.length === 0) return <Empty>No assets</Empty>;
  return (
    <Stack gap="md">
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
      {preview && assets.some(([, asset]) => isGeoTiffAsset(asset)) && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the preview" />}>
          <AssetPreview item={item} />
        </Suspense>
      )}
    </Stack>
  );
}

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
        <SimpleTable
          label="Extension schemas"
          headers={['Schema', 'Extension', 'Description']}
          rows={urls.map((url) => [<Href key="href" href={url} />, schemas.get(url)?.title ?? '', schemas.get(url)?.description ?? ''])}
        />
      )}
    </Stack>
  );
}

const GIVEN_AS = { image: 'an image or file', numbers: 'comma-separated numbers' } as const;

/** A signature's entries; the inputs say how the execute form takes them (spec 3 §5 Model inputs). */
function SignatureTable({ label, entries, isInputs = false }: { label: string; entries: SignatureEntry[]; isInputs?: boolean }) {
  if (entries.length === 0) return <Empty>No {label.toLowerCase()} declared</Empty>;
  return (
    <SimpleTable
      label={label}
      headers={['Name', 'Label', 'Type', 'Data type', 'Shape', ...(isInputs ? ['Given as'] : []), 'Description']}
      rows={entries.map((entry) => [
        <Text key="name" size="sm" ff="monospace">
          {entry.name}
        </Text>,
        entry.label ?? '',
        entry.type ?? '',
        entry.tensor?.dtype ?? '',
        entry.tensor?.shape ? `[${entry.tensor.shape.join(', ')}]` : '',
        ...(isInputs ? [GIVEN_AS[modelInputKind({ type: entry.type, 'tensor-spec': entry.tensor })]] : []),
        entry.doc ?? '',
      ])}
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

export function RawJsonPanel({ item }: { item: StacItem }) {
  return (
    <Code block aria-label="Item JSON" style={{ maxHeight: 480, overflow: 'auto' }}>
      {JSON.stringify(item, null, 2)}
    </Code>
  );
}

export interface ItemTab {
  value: string;
  label: string;
  panel(item: StacItem): ReactNode;
}

/** The tabs of an item page, the first one open. */
export function ItemTabs({ item, tabs }: { item: StacItem; tabs: ItemTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.value} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel(item)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/**
 * The tabs of any STAC item (spec 3 Workflow detail; the catalogue browser's product): Properties,
 * Geometry, Links, Assets and Extensions only when it has some, Raw JSON. `preview`: a COG
 * preview under the assets (the browser has its own).
 */
export function stacItemTabs(item: StacItem, options: { preview?: boolean } = {}): ItemTab[] {
  const hasAssets = Object.keys(item.assets ?? {}).length > 0;
  const hasExtensions = (item.stac_extensions ?? []).length > 0 || splitProperties(item.properties).groups.length > 0;
  return [
    { value: 'properties', label: 'Properties', panel: (shown) => <PropertiesPanel item={shown} /> },
    { value: 'geometry', label: 'Geometry', panel: (shown) => <GeometryPanel item={shown} /> },
    { value: 'links', label: 'Links', panel: (shown) => <LinksPanel item={shown} /> },
    ...(hasAssets ? [{ value: 'assets', label: 'Assets', panel: (shown: StacItem) => <AssetsPanel item={shown} preview={options.preview} /> }] : []),
    ...(hasExtensions ? [{ value: 'extensions', label: 'Extensions', panel: (shown: StacItem) => <ExtensionsPanel item={shown} /> }] : []),
    { value: 'raw', label: 'Raw JSON', panel: (shown) => <RawJsonPanel item={shown} /> },
  ];
}
