import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCpu, IconPlayerPlay, IconWorld } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { onnxAsset, publisherOf, type StacItem } from '@asb/contracts';
import { useAuth } from '../../../app/auth/auth-context';
import { useReportError } from '../../../app/api/use-report-error';
import { routePath } from '../../../app/routes';
import { CopyableValue } from '../../../ui/CopyableValue';
import { PageLoader } from '../../../ui/PageLoader';
import { ShortText } from '../../../ui/ShortText';
import { useItemPublication, useStacItem } from '../api/catalogue';
import { useModelService } from '../api/model-service';
import { ModelServiceButton } from '../model-service/ModelServiceButton';
import { ModelServicePanel } from '../model-service/ModelServicePanel';
import { itemDescription, itemName, itemVersion } from './item-rules';
import { DatasetUsagePanel, OrderDatasetButton } from './DatasetOrders';
import { ItemPublicationControl } from './ItemPublicationControl';
import { RunIds, TrainingDetails } from './TrainingDetails';
import { AssetsPanel } from './AssetsPanel';
import { ContactsPanel } from './ContactsPanel';
import { ExtensionsPanel } from './ExtensionsPanel';
import { GeometryPanel } from './GeometryPanel';
import { ItemTabs, type ItemTab } from './ItemTabs';
import { LinksPanel } from './LinksPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { RawJsonPanel } from './RawJsonPanel';
import { SignaturePanel } from './SignaturePanel';
import { ThemesPanel } from './ThemesPanel';

type ItemKind = 'model' | 'dataset';
type Audience = 'everyone' | 'signed-in' | 'developer';

interface TabSpec extends ItemTab {
  audience: Audience;
}

/** The tabs by type and who sees them (spec 3 §2 Model detail, Dataset detail; §6). */
const TABS: Record<ItemKind, TabSpec[]> = {
  model: [
    { value: 'properties', label: 'Properties', audience: 'everyone', panel: (item) => <PropertiesPanel item={item} /> },
    { value: 'signature', label: 'Signature', audience: 'everyone', panel: (item) => <SignaturePanel item={item} /> },
    { value: 'training', label: 'Training Details', audience: 'signed-in', panel: (item) => <TrainingDetails item={item} /> },
    { value: 'themes', label: 'Themes', audience: 'everyone', panel: (item) => <ThemesPanel item={item} /> },
    { value: 'contacts', label: 'Contacts', audience: 'everyone', panel: (item) => <ContactsPanel item={item} /> },
    { value: 'links', label: 'Links', audience: 'everyone', panel: (item) => <LinksPanel item={item} /> },
    { value: 'assets', label: 'Assets', audience: 'everyone', panel: (item) => <AssetsPanel item={item} /> },
    { value: 'extensions', label: 'Extensions', audience: 'developer', panel: (item) => <ExtensionsPanel item={item} /> },
    { value: 'service', label: 'Model as a Service', audience: 'signed-in', panel: (item) => <ModelServiceTab item={item} /> },
    { value: 'raw', label: 'Raw JSON', audience: 'developer', panel: (item) => <RawJsonPanel item={item} /> },
  ],
  dataset: [
    { value: 'properties', label: 'Properties', audience: 'everyone', panel: (item) => <PropertiesPanel item={item} /> },
    { value: 'geometry', label: 'Geometry', audience: 'everyone', panel: (item) => <GeometryPanel item={item} /> },
    { value: 'themes', label: 'Themes', audience: 'everyone', panel: (item) => <ThemesPanel item={item} /> },
    { value: 'contacts', label: 'Contacts', audience: 'everyone', panel: (item) => <ContactsPanel item={item} /> },
    { value: 'links', label: 'Links', audience: 'developer', panel: (item) => <LinksPanel item={item} /> },
    { value: 'assets', label: 'Assets', audience: 'developer', panel: (item) => <AssetsPanel item={item} /> },
    { value: 'extensions', label: 'Extensions', audience: 'developer', panel: (item) => <ExtensionsPanel item={item} /> },
    { value: 'usage', label: 'Dataset Usage', audience: 'signed-in', panel: (item) => <DatasetUsagePanel item={item} /> },
    { value: 'raw', label: 'Raw JSON', audience: 'developer', panel: (item) => <RawJsonPanel item={item} /> },
  ],
};

/** The Model as a Service tab: the caller's service of the model (the same query as the toolbar's button). */
function ModelServiceTab({ item }: { item: StacItem }) {
  const service = useModelService(item.collection ?? '', item.id, true);
  return <ModelServicePanel info={service.data} isLoading={service.isPending} />;
}

/** Which tabs a caller sees: signed-in tabs once signed in, developer tabs to a workspace developer (spec 3 §6). */
function visibleTabs(kind: ItemKind, who: { isSignedIn: boolean; isDeveloper: boolean }): TabSpec[] {
  return TABS[kind].filter((tab) => tab.audience === 'everyone' || (tab.audience === 'signed-in' ? who.isSignedIn : who.isSignedIn && who.isDeveloper));
}

/**
 * A catalogue item's page (spec 3 §2 Model detail, Dataset detail; public): name, version,
 * publisher and description by the rules of spec 3 §3, the toolbar, and the tabs the caller may see.
 */
function CatalogueItemPage({ kind }: { kind: ItemKind }) {
  const params = useParams();
  const collection = params.id ?? '';
  const itemId = (kind === 'model' ? params.modelId : params.datasetId) ?? '';
  const { status, isDeveloper } = useAuth();
  const isSignedIn = status === 'authenticated';
  const item = useStacItem(collection, itemId);
  // a model's or dataset's publisher is its collection's owner, as the marketplace shows it (a collection id is anyone's choice)
  const publication = useItemPublication(collection, itemId);
  useReportError(item.error, item.errorUpdatedAt, 'Backend');
  const data = item.data;
  const tabs = visibleTabs(kind, { isSignedIn, isDeveloper });
  const Icon = kind === 'model' ? IconCpu : IconWorld;
  // a model without an ONNX file can be neither served nor executed: no button offers it
  const isRunnable = kind === 'model' && data !== undefined && onnxAsset(data) !== undefined;
  const service = useModelService(collection, itemId, isSignedIn && isRunnable);
  return (
    <Container size="xl" py="xl">
      {item.isPending && <PageLoader />}
      {item.isError && (
        <Alert color="red" variant="light">
          Something went wrong while fetching {kind} {itemId}
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
            <Stack gap={4}>
              <Group gap="xs">
                <Icon size={28} aria-hidden />
                <Title order={1} size="h2">
                  {itemName(data)}
                </Title>
                <Badge variant="outline" color="gray" tt="none">
                  v {itemVersion(data)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {publication.data?.publisher ?? publisherOf(collection)} · {collection}
              </Text>
              {itemDescription(data) ? <ShortText text={itemDescription(data)} /> : <Text c="dimmed">No description</Text>}
            </Stack>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <ItemPublicationControl collection={collection} itemId={itemId} name={itemName(data)} />
              {isSignedIn && isRunnable && (
                <>
                  <ModelServiceButton collection={collection} modelId={itemId} name={itemName(data)} info={service.data} isLoading={service.isPending} />
                  <Button
                    component={Link}
                    to={routePath('catalogueModelExecute', { id: collection, modelId: itemId })}
                    leftSection={<IconPlayerPlay size={16} />}
                  >
                    Execute
                  </Button>
                </>
              )}
              {isSignedIn && kind === 'dataset' && isDeveloper && <OrderDatasetButton collection={collection} item={data} />}
            </Group>
          </Group>
          {isSignedIn && isDeveloper && (
            <Group gap="xl">
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Collection
                </Text>
                <CopyableValue value={collection} copyLabel="Copy the collection id" />
              </Group>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Item
                </Text>
                <CopyableValue value={itemId} copyLabel="Copy the item id" />
              </Group>
              {kind === 'model' && <RunIds item={data} />}
              {isRunnable && (
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    Inference URL
                  </Text>
                  {service.data?.model_infer_url ? (
                    <CopyableValue value={service.data.model_infer_url} copyLabel="Copy the inference URL" testId="inference-url" />
                  ) : (
                    <Text size="sm" c="dimmed" fs="italic">
                      start the service to get one
                    </Text>
                  )}
                </Group>
              )}
            </Group>
          )}
          <Card withBorder radius="md" padding="lg">
            <ItemTabs item={data} tabs={tabs} />
          </Card>
        </Stack>
      )}
    </Container>
  );
}

export function ModelDetailPage() {
  return <CatalogueItemPage kind="model" />;
}

export function DatasetDetailPage() {
  return <CatalogueItemPage kind="dataset" />;
}
