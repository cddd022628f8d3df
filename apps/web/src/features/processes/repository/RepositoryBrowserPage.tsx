import { Alert, Badge, Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandDocker, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useRepositoryComponents } from '../api/repository';
import { useReportError } from '../../../app/api/use-report-error';

/** /processes/search/repos: the container components of the private repository and their tags. */
export function RepositoryBrowserPage() {
  const listing = useRepositoryComponents();
  useReportError(listing.error, listing.errorUpdatedAt);
  const [search, setSearch] = useState('');
  const data = listing.data;
  const components = data?.configured ? data.components : [];
  const needle = search.trim().toLowerCase();
  const shown = components.filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.tags.some((t) => t.toLowerCase().includes(needle)));

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={1} size="h2">
              Repository browser
            </Title>
            <Text c="dimmed" size="sm">
              {data?.configured ? `Container components of ${data.repository} on ${data.registry}` : 'Container components of the private repository'}
            </Text>
          </div>
          <Button variant="default" leftSection={<IconRefresh size={16} />} loading={listing.isFetching} onClick={() => void listing.refetch()}>
            Reload
          </Button>
        </Group>
        {listing.isPending && (
          <Group gap="xs" justify="center" py="xl">
            <Loader size="sm" />
            <Text c="dimmed">Contacting the repository...</Text>
          </Group>
        )}
        {listing.isError && (
          <Alert color="red" variant="light">
            The repository could not be listed. Try again later.
          </Alert>
        )}
        {data && !data.configured && (
          <Alert color="gray" variant="light" title="No repository configured">
            This instance has no private container repository. An administrator can connect one (ASB_REGISTRY_URL).
          </Alert>
        )}
        {data?.configured && (
          <>
            <TextInput
              aria-label="Search components"
              placeholder="Search components or tags"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maw={420}
            />
            {shown.length === 0 && <Text c="dimmed">{components.length === 0 ? 'No components found' : 'No components matching your search'}</Text>}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {shown.map((component) => (
                <Card key={component.name} withBorder radius="md" padding="md">
                  <Group gap="xs" wrap="nowrap" mb="xs">
                    <IconBrandDocker size={18} color="var(--mantine-color-blue-6)" />
                    <Text fw={500} ff="monospace" size="sm" truncate>
                      {component.name}
                    </Text>
                  </Group>
                  <Group gap={4}>
                    {component.tags.length === 0 && (
                      <Text size="xs" c="dimmed">
                        No tags
                      </Text>
                    )}
                    {component.tags.map((tag) => (
                      <Badge key={tag} variant="light" size="sm" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}
