import { Alert, Button, Checkbox, CloseButton, Container, Grid, Group, Loader, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MARKETPLACE_PAGE_SIZE, type FilterOption, type MarketplaceType } from '@asb/contracts';
import { useAuth } from '../../app/auth/auth-context';
import { useReportError } from '../../app/api/use-report-error';
import { useRetryingStream } from '../../app/live/useRetryingStream';
import { MARKETPLACE_KEY, useFilterTypes, usePublishedResources, type MarketplaceCriteria } from './api';
import { LOOKS, ResourceCard } from './ResourceCard';
import { countOf } from '../../ui/plural';

const DATE_FORMAT = 'YYYY-MM-DD';
const LIVE = { transport: 'sse', path: '/backend/live/_marketplace/', events: ['forceUpdate'] } as const;
const INITIAL: MarketplaceCriteria = { query: '', filters: {}, createdAfter: null, createdBefore: null, page: 1 };

function FacetGroup({ option, checked, onChange }: { option: FilterOption; checked: string[]; onChange(values: string[]): void }) {
  return (
    <Checkbox.Group label={option.name} value={checked} onChange={onChange}>
      <Stack gap={6} mt={6}>
        {option.values.map((value) => (
          <Checkbox key={value} value={value} label={option.key === 'type' && value in LOOKS ? LOOKS[value as MarketplaceType].label : value} size="sm" />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * /marketplace (public; spec 3 §2 Marketplace, §5 Marketplace search): a search box and the
 * facets on the left, the published resources as cards on the right (four, three, two or one
 * per row by width), read again when the server says something was published or withdrawn.
 */
export function MarketplacePage() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [criteria, setCriteria] = useState<MarketplaceCriteria>(INITIAL);
  const filterTypes = useFilterTypes();
  // the filter types are loaded before the marketplace data (spec 3 §7)
  const resources = usePublishedResources(criteria, filterTypes.isSuccess || filterTypes.isError);
  useReportError(filterTypes.error, filterTypes.errorUpdatedAt, 'Backend');
  useRetryingStream<{ type?: string }>(LIVE, 'marketplace', {
    onMessage: (message) => {
      if (message.type === 'forceUpdate') void queryClient.invalidateQueries({ queryKey: MARKETPLACE_KEY });
    },
    isFinal: () => false,
    onGiveUp: () => {},
  });

  const change = (patch: Partial<MarketplaceCriteria>) => setCriteria((previous) => ({ ...previous, page: 1, ...patch }));
  const data = resources.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / MARKETPLACE_PAGE_SIZE)) : 1;
  return (
    <Container size="xl" py="xl">
      <Title order={1} size="h2" mb="lg">
        Marketplace
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="lg" component="aside" aria-label="Search and filters">
            <form
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                if (text.trim()) change({ query: text.trim() });
              }}
            >
              <Stack gap="xs">
                <TextInput
                  label="Search"
                  placeholder="Search applications, models, datasets…"
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  rightSection={
                    text || criteria.query ? (
                      <CloseButton
                        aria-label="Clear the search"
                        onClick={() => {
                          setText('');
                          change({ query: '' });
                        }}
                      />
                    ) : null
                  }
                />
                <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!text.trim()}>
                  Search
                </Button>
              </Stack>
            </form>
            {filterTypes.isPending && <Loader size="sm" />}
            {(filterTypes.data ?? []).map((option) => (
              <FacetGroup
                key={option.key}
                option={option}
                checked={criteria.filters[option.key] ?? []}
                onChange={(values) => change({ filters: { ...criteria.filters, [option.key]: values } })}
              />
            ))}
            <DatePickerInput
              label="Created after"
              value={criteria.createdAfter}
              onChange={(createdAfter) => change({ createdAfter })}
              maxDate={criteria.createdBefore ?? undefined}
              valueFormat={DATE_FORMAT}
              placeholder={DATE_FORMAT}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the created after date' }}
            />
            <DatePickerInput
              label="Created before"
              value={criteria.createdBefore}
              onChange={(createdBefore) => change({ createdBefore })}
              minDate={criteria.createdAfter ?? undefined}
              valueFormat={DATE_FORMAT}
              placeholder={DATE_FORMAT}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the created before date' }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            {resources.isError && (
              <Alert color="red" variant="light">
                Failed to reach Catalogue
              </Alert>
            )}
            {resources.isPending && <Loader />}
            {data && (
              <>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed" data-testid="marketplace-summary">
                    {countOf(data.total, 'resource')}
                    {criteria.query ? ` matching “${data.corrected_query ?? criteria.query}”` : ''}
                    {data.corrected_query !== undefined && ` (nothing matched “${criteria.query}”)`}
                  </Text>
                  {resources.isFetching && <Loader size="xs" />}
                </Group>
                {data.resources.length === 0 ? (
                  <Text c="dimmed">No resources found</Text>
                ) : (
                  // three at most: four beside the filters leave a card too narrow for its title and publisher
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="Resources">
                    {data.resources.map((resource) => (
                      <ResourceCard key={resource.id} resource={resource} isSignedIn={status === 'authenticated'} />
                    ))}
                  </SimpleGrid>
                )}
                {pages > 1 && <Pagination total={pages} value={criteria.page} onChange={(page) => setCriteria((previous) => ({ ...previous, page }))} />}
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
