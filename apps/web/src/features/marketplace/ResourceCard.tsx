import { Badge, Box, Button, Card, Group, Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { pictureUrl } from '@asb/contracts';
import { IconCpu, IconPlayerPlay, IconSettings, IconSitemap, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MarketplaceResource, MarketplaceType } from '@asb/contracts';
import { formatDateTime } from '../../ui/formatDateTime';
import { detailPath, executePath, shownKeywords } from './resource-links';

/** Spec 3 §2: cog for applications, microchip for models, globe for datasets; colour "principal" for applications and models, "generated" for datasets. */
export const LOOKS: Record<MarketplaceType, { label: string; icon: typeof IconCpu; color: string }> = {
  application: { label: 'Application', icon: IconSettings, color: 'blue' },
  model: { label: 'Model', icon: IconCpu, color: 'blue' },
  dataset: { label: 'Dataset', icon: IconWorld, color: 'teal' },
  workflow: { label: 'Workflow', icon: IconSitemap, color: 'grape' },
};
const MAX_TAGS = 4;

/** One marketplace card: icon and colour by type, title, publisher, version, description, tags; Details, and Execute for executable types when signed in. */
export function ResourceCard({ resource, isSignedIn }: { resource: MarketplaceResource; isSignedIn: boolean }) {
  const look = LOOKS[resource.properties.type];
  const Icon = look.icon;
  const picture = resource.thumbnail ?? resource.logo;
  const [isPictureBroken, setIsPictureBroken] = useState(false);
  const execute = isSignedIn ? executePath(resource) : undefined;
  const tags = shownKeywords(resource);
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-label={`${look.label}: ${resource.title}`}
      style={{ borderTop: `3px solid var(--mantine-color-${look.color}-6)` }}
    >
      <Stack gap="xs" h="100%">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          {picture && !isPictureBroken ? (
            <Image src={pictureUrl(picture)} alt="" w={40} h={40} radius="sm" fit="cover" onError={() => setIsPictureBroken(true)} />
          ) : (
            <ThemeIcon size={40} radius="sm" variant="light" color={look.color} aria-hidden>
              <Icon size={22} />
            </ThemeIcon>
          )}
          {/* title and publisher whole, wrapped (a long identifier too): what a card is, is never cut */}
          <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Title order={3} size="h5" data-card-part="title">
              {resource.title}
            </Title>
            <Text size="xs" c="dimmed" data-card-part="publisher">
              {resource.publisher} · {formatDateTime(resource.date_creation)}
            </Text>
          </Stack>
        </Group>
        <Group gap={6}>
          <Badge size="sm" variant="light" color={look.color} leftSection={<Icon size={12} />}>
            {look.label}
          </Badge>
          <Badge size="sm" variant="outline" color="gray" tt="none">
            v {resource.version}
          </Badge>
        </Group>
        <Box style={{ flexGrow: 1 }}>
          <Text size="sm" c={resource.description ? undefined : 'dimmed'} lineClamp={3}>
            {resource.description || 'No description'}
          </Text>
        </Box>
        {tags.length > 0 && (
          <Group gap={4}>
            {tags.slice(0, MAX_TAGS).map((tag) => (
              <Badge key={tag} size="xs" variant="default" tt="none">
                {tag}
              </Badge>
            ))}
            {tags.length > MAX_TAGS && (
              <Text size="xs" c="dimmed">
                +{tags.length - MAX_TAGS}
              </Text>
            )}
          </Group>
        )}
        <Group gap="xs" justify="flex-end">
          <Button component={Link} to={detailPath(resource)} size="xs" variant="default">
            Details
          </Button>
          {execute && (
            <Button component={Link} to={execute} size="xs" leftSection={<IconPlayerPlay size={14} />}>
              Execute
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
