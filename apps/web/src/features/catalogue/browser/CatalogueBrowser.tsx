import { EARLIEST_DATE, type StacItem } from '@asb/contracts';
import { Alert, Button, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useCollections, useItemsPage } from '../api/catalogue';
import { FootprintMap } from './FootprintMap';
import { ItemPanel } from './ItemPanel';
import { ResultsTable } from './ResultsTable';
import { SearchForm } from './SearchForm';
import {
  boundsOf,
  EMPTY_BBOX,
  fieldsOf,
  FIRST_OFFSET,
  hasNextPage,
  itemsQuery,
  MAX_RESULTS,
  pageText,
  SEARCH_FAILED,
  type SearchCriteria,
} from './search-form';

const MAP_HEIGHT = 440;

export interface CatalogueBrowserProps {
  /** used as a workflow input's widget: each row offers 'Select as input' */
  onSelectAsInput?(item: StacItem, collection: string): void;
}

function initialCriteria(): SearchCriteria {
  return { collection: null, start: EARLIEST_DATE, end: dayjs().format('YYYY-MM-DD'), bbox: EMPTY_BBOX, limit: MAX_RESULTS.initial };
}

/**
 * The catalogue browser (spec 1 §2, §5, §9): the criteria beside a map where a drag draws the
 * search box, the results with offset paging, their footprints highlighted with their rows,
 * and the chosen product's panel. /products shows it; an EO-product input of the execute form
 * opens it to pick its product.
 */
export function CatalogueBrowser({ onSelectAsInput }: CatalogueBrowserProps) {
  const [criteria, setCriteria] = useState<SearchCriteria>(initialCriteria);
  const [submitted, setSubmitted] = useState<SearchCriteria | undefined>();
  const [offset, setOffset] = useState(FIRST_OFFSET);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const collections = useCollections();
  // the first collection is chosen until the user picks one
  const collection = criteria.collection ?? collections.data?.[0]?.id ?? null;
  const current = { ...criteria, collection };

  const query = useMemo(() => (submitted ? itemsQuery(submitted, offset) : undefined), [submitted, offset]);
  const page = useItemsPage(submitted?.collection ?? undefined, query);
  const items = useMemo(() => page.data?.features ?? [], [page.data]);
  const footprints = useMemo(() => items.map((item) => ({ id: item.id, geometry: item.geometry })), [items]);
  const selectedItem = items.find((item) => item.id === selected);
  const bounds = boundsOf(criteria.bbox);

  const search = () => {
    setSubmitted(current);
    setOffset(FIRST_OFFSET);
    setSelected(null);
  };
  const turnPage = (next: number) => {
    setOffset(next);
    setSelected(null);
    setHighlighted(null);
  };

  const limit = submitted?.limit ?? MAX_RESULTS.initial;
  const returned = page.data?.numberReturned ?? items.length;
  const matched = page.data?.numberMatched;
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SearchForm criteria={current} onChange={setCriteria} onSearch={search} isSearching={page.isFetching} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FootprintMap
            bounds={bounds}
            onDraw={(drawn) => setCriteria((previous) => ({ ...previous, bbox: fieldsOf(drawn) }))}
            footprints={footprints}
            highlighted={highlighted}
            selected={selected}
            onHover={setHighlighted}
            onSelect={setSelected}
            height={MAP_HEIGHT}
          />
          <Text size="xs" c="dimmed" mt={4}>
            Drag on the map to draw the search box; hold Ctrl (⌘ on a Mac) and drag to move the map.
          </Text>
        </Grid.Col>
      </Grid>
      {page.isError && (
        <Alert color="red" variant="light">
          {SEARCH_FAILED}
        </Alert>
      )}
      {page.isPending && page.isFetching && <Loader size="sm" />}
      {page.data && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" data-testid="results-summary">
              {pageText(offset, returned, matched)}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconChevronLeft size={14} />}
                disabled={offset === FIRST_OFFSET || page.isFetching}
                onClick={() => turnPage(Math.max(FIRST_OFFSET, offset - limit))}
              >
                Previous
              </Button>
              <Button
                size="xs"
                variant="default"
                rightSection={<IconChevronRight size={14} />}
                disabled={!hasNextPage(offset, limit, returned, matched) || page.isFetching}
                onClick={() => turnPage(offset + limit)}
              >
                Next
              </Button>
            </Group>
          </Group>
          {items.length > 0 && (
            <ResultsTable
              items={items}
              highlighted={highlighted}
              selected={selected}
              onHover={setHighlighted}
              onSelect={setSelected}
              onSelectAsInput={onSelectAsInput && ((item) => onSelectAsInput(item, item.collection ?? submitted?.collection ?? ''))}
            />
          )}
        </Stack>
      )}
      {selectedItem && submitted?.collection && <ItemPanel item={selectedItem} collection={submitted.collection} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
