import { EARLIEST_DATE } from '@asb/contracts';
import { Button, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DayInput } from '../../../ui/DayInput';
import { useCollections } from '../api/catalogue';
import { BboxInputs } from './BboxInputs';
import { CollectionSelect } from './CollectionSelect';
import { canSearch, MAX_RESULTS, type SearchCriteria } from './search-form';

interface SearchFormProps {
  criteria: SearchCriteria;
  onChange(next: SearchCriteria): void;
  onSearch(): void;
  isSearching: boolean;
}

/**
 * The catalogue browser's criteria (spec 1 §2, §5, §9): collection, start and end date (from
 * 2019-12-18, weeks from Monday), the four box coordinates and the max results (5 to 10,
 * step 5). Search is enabled once all are set and valid.
 */
export function SearchForm({ criteria, onChange, onSearch, isSearching }: SearchFormProps) {
  const collections = useCollections();
  const set = (patch: Partial<SearchCriteria>) => onChange({ ...criteria, ...patch });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // React passes a submit on to the forms around this one, even across the dialog's portal:
        // the execute form must not run the workflow when the browser searches
        event.stopPropagation();
        if (canSearch(criteria)) onSearch();
      }}
    >
      <Stack gap="sm">
        <CollectionSelect
          collections={collections}
          options={(collections.data ?? []).map((collection) => ({ value: collection.id, label: collection.title ?? collection.id }))}
          value={criteria.collection}
          onChange={(collection) => set({ collection })}
          searchable
          nothingFoundMessage="No collection"
        />
        <SimpleGrid cols={2} spacing="xs">
          <DayInput
            label="Start date"
            value={criteria.start}
            onChange={(start) => set({ start })}
            minDate={EARLIEST_DATE}
            maxDate={criteria.end ?? undefined}
          />
          <DayInput label="End date" value={criteria.end} onChange={(end) => set({ end })} minDate={criteria.start ?? EARLIEST_DATE} />
        </SimpleGrid>
        <BboxInputs value={criteria.bbox} onChange={(bbox) => set({ bbox })} withMap />
        <NumberInput
          label="Max results"
          min={MAX_RESULTS.min}
          max={MAX_RESULTS.max}
          step={MAX_RESULTS.step}
          clampBehavior="strict"
          allowDecimal={false}
          value={criteria.limit}
          onChange={(limit) => set({ limit: typeof limit === 'number' ? limit : MAX_RESULTS.initial })}
        />
        <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!canSearch(criteria)} loading={isSearching}>
          Search
        </Button>
      </Stack>
    </form>
  );
}
