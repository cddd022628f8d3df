import { NOTIFY_MS } from '@asb/contracts';
import { FILTER_PRESETS, type CreateConfig, type FilterPreset } from '../../../ui/resource-list';

export const WORKSPACE_PRESETS: FilterPreset[] = [FILTER_PRESETS.ownedByMe, FILTER_PRESETS.archivedOnly, FILTER_PRESETS.hideArchived];

/** The spec gives no archive text for workspaces; this one is ours. */
export const WORKSPACE_ARCHIVE_TEXT =
  'The workspace will be marked as archived. Its members keep their roles and the resources shared with it stay accessible.';

/** Spec 2 Administration > Workspaces: a unique identifier (lowercased on creation) and a label. */
export function newWorkspaceConfig(onCreated: (identifier: string) => Promise<void>): CreateConfig {
  return {
    buttonLabel: 'New workspace',
    submitLabel: 'Create workspace',
    fields: [
      {
        name: 'identifier',
        label: 'Identifier',
        isRequired: true,
        description: 'Unique; lowercased on creation',
        transform: (value) => value.toLowerCase(),
      },
      { name: 'label', label: 'Label', isRequired: true },
    ],
    successMessage: (item, values) => `Workspace ${item.identifier ?? values.identifier} successfully created`,
    successAutoClose: NOTIFY_MS.short,
    onCreated: (item, values) => onCreated(item.identifier ?? values.identifier ?? ''),
  };
}
