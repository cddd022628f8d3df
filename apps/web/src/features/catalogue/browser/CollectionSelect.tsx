import { Alert, Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { COLLECTIONS_FAILED } from './search-form';

interface CollectionSelectProps extends Pick<SelectProps, 'searchable' | 'nothingFoundMessage'> {
  /** the collections' query: the select says while it loads, and an alert says when it failed */
  collections: { isPending: boolean; isError: boolean };
  options: ComboboxItem[];
  value: string | null;
  onChange(collection: string | null): void;
}

/** The 'Collection' select of a catalogue search form (the browser's STAC search, the product search). */
export function CollectionSelect({ collections, options, value, onChange, ...selectProps }: CollectionSelectProps) {
  return (
    <>
      {collections.isError && (
        <Alert color="red" variant="light">
          {COLLECTIONS_FAILED}
        </Alert>
      )}
      <Select
        label="Collection"
        placeholder={collections.isPending ? 'Loading the collections…' : 'Choose a collection'}
        data={options}
        value={value}
        onChange={onChange}
        allowDeselect={false}
        {...selectProps}
      />
    </>
  );
}
