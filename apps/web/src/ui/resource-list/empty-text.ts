import type { EmptyTexts } from './types';

/** Spec 1 §8 list empty texts. */
export function defaultEmptyTexts(plural: string): EmptyTexts {
  return {
    none: `No ${plural} found`,
    noMatch: `No ${plural} matching your search`,
    failed: `Something went wrong while fetching ${plural}`,
  };
}

/**
 * The text of an empty table: a failure wins; otherwise 'matching your search'
 * when the user narrowed the list beyond its default filter.
 */
export function emptyTextOf(texts: EmptyTexts, state: { isError: boolean; isFiltered: boolean }): string {
  if (state.isError) return texts.failed;
  return state.isFiltered ? texts.noMatch : texts.none;
}
