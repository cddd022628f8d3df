export { ResourceList, type ResourceListProps } from './ResourceList';
export { jsonApiSource, type AttributesOf } from './jsonapi-source';
export { workspacesColumn } from './columns';
export { rowState, type RowState } from './row-state';
export type {
  CreateConfig,
  CreatedItem,
  CreateField,
  EmptyTexts,
  FilterPreset,
  ListPage,
  ListParams,
  ListRow,
  ListSource,
  ResourceColumn,
  ResourceNoun,
  RowActionsConfig,
} from './types';
export { FILTER_PRESETS, NAME_AND_SLUG_FIELDS } from './presets';
