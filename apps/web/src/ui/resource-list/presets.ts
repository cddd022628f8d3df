import { deriveSlug } from '@asb/contracts';
import type { CreateField, FilterPreset } from './types';

/** The predefined filters most resource lists offer (spec 1 §9 workflow list filters). */
export const FILTER_PRESETS = {
  ownedByMe: { label: 'Owned by me', text: 'ownerId:{username}' },
  inMyWorkspace: { label: 'In my workspace', text: 'inWorkspace:true' },
  archivedOnly: { label: 'Show archived only', text: 'isArchived:true' },
  hideArchived: { label: 'Hide archived', text: 'isArchived:false' },
} as const satisfies Record<string, FilterPreset>;

/** The default create form of spec 1 §5: a Name and a slug derived from it. */
export const NAME_AND_SLUG_FIELDS: CreateField[] = [
  { name: 'label', label: 'Name', isRequired: true },
  { name: 'slug', label: 'Slug', isRequired: true, description: 'Derived from the name', derive: (values) => deriveSlug(values.label ?? '') },
];
