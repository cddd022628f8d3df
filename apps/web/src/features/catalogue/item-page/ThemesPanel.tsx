import type { StacItem } from '@asb/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { Empty } from './Empty';
import { Href } from './Href';
import { themesOf } from './item-rules';

/** The item's themes: each scheme with its concepts as badges, linked when a concept has a URL. */
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
