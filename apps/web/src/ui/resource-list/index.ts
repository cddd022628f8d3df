export { ResourceList, type ResourceListProps } from './ResourceList';
export { ListPager } from './ListPager';
export { jsonApiSource } from './jsonapi-source';
export { workspacesColumn } from './columns';
export type { CreateConfig, FilterPreset, ListRow, ListSource, ResourceColumn } from './types';
export { FILTER_PRESETS, NAME_AND_SLUG_FIELDS } from './presets';
