import { defaultEmptyTexts } from '../../ui/resource-list/empty-text';

/** What an empty usage table says: the generic list's failure text, else that there is nothing yet. */
export function usageEmptyText(isError: boolean, plural: string, none: string): string {
  return isError ? defaultEmptyTexts(plural).failed : none;
}
