import { Alert, Button, Card, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import { pictureUrl } from '@asb/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { PageLoader } from '../../../ui/PageLoader';
import { useReportError } from '../../../app/api/use-report-error';
import { lastSegment, useCatalogueItem } from './catalogue-item';
import { thumbnailOf } from '../../../ui/stac/stac-item';
import { ItemTabs } from '../../catalogue/item-page/ItemTabs';
import { stacItemTabs } from '../../catalogue/item-page/stac-item-tabs';
import { ShortText } from '../../../ui/ShortText';

/**
 * /workflows/{id}/detail/{workflow_id} (public): the catalogue item of a published workflow.
 * Its Execute button shows only to signed-in users (spec 1 §2, spec 3 Workflow detail).
 */
export function WorkflowDetailPage() {
  const params = useParams();
  const id = params.id ?? '';
  const itemId = params.workflowId ?? '';
  const { status } = useAuth();
  const item = useCatalogueItem(id);
  const [isThumbnailBroken, setIsThumbnailBroken] = useState(false);
  useReportError(item.error, item.errorUpdatedAt, 'knowledge');
  const data = item.data;
  const thumbnail = data ? thumbnailOf(data) : undefined;
  const title = data ? String(data.properties.title ?? data.id) : '';
  const description = typeof data?.properties.description === 'string' ? data.properties.description : '';

  return (
    <Container size="xl" py="xl">
      {item.isPending && <PageLoader />}
      {item.isError && (
        <Alert color="red" variant="light">
          Something went wrong while fetching workflow #{id}
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
            <Group align="flex-start" wrap="nowrap" gap="lg">
              {thumbnail && !isThumbnailBroken && (
                <Image
                  src={pictureUrl(thumbnail.href)}
                  alt={thumbnail.title ?? 'Thumbnail'}
                  w={120}
                  h={120}
                  fit="cover"
                  radius="md"
                  onError={() => setIsThumbnailBroken(true)}
                />
              )}
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                <Text c="dimmed" ff="monospace" size="sm">
                  {data.id}
                </Text>
                {description && <ShortText text={description} />}
              </Stack>
            </Group>
            {status === 'authenticated' && (
              <Button
                component={Link}
                to={routePath('workflowExecute', { id: lastSegment(itemId || data.id) })}
                leftSection={<IconPlayerPlay size={16} />}
                style={{ flexShrink: 0 }}
              >
                Execute
              </Button>
            )}
          </Group>
          <Card withBorder radius="md" padding="lg">
            <ItemTabs item={data} tabs={stacItemTabs(data)} />
          </Card>
        </Stack>
      )}
    </Container>
  );
}
