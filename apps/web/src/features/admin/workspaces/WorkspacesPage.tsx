import { Divider, Stack } from '@mantine/core';
import type { BaseAttributes, workspacesContract } from '@asb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { jsonApiSource, ResourceList, type ListSource } from '../../../ui/resource-list';
import { createGroup, GROUPS_KEY } from '../api/groups';
import { WORKSPACE_COLUMNS } from './workspace-columns';
import { newWorkspaceConfig, WORKSPACE_ARCHIVE_TEXT, WORKSPACE_PRESETS } from './workspace-list-config';
import { WorkspaceMembers } from './WorkspaceMembers';

/** Administration > Workspaces: the generic list of workspaces, then the members of one. */
export function WorkspacesPage() {
  const queryClient = useQueryClient();
  const refreshGroups = () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY });

  const source = useMemo<ListSource<BaseAttributes>>(() => {
    const base = jsonApiSource<typeof workspacesContract>('/knowledge/v1', 'workspaces');
    return {
      ...base,
      // the members select lists groups, which follow the workspaces
      remove: async (id) => {
        await base.remove!(id);
        await queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      },
    };
  }, [queryClient]);

  const create = newWorkspaceConfig(async (identifier) => {
    // spec 2 §7: a new workspace also gets its workspace role group
    await createGroup(identifier);
    await refreshGroups();
  });

  return (
    <Stack gap="xl">
      <ResourceList
        title="Workspaces"
        noun={{ name: 'Workspace', plural: 'workspaces' }}
        source={source}
        columns={WORKSPACE_COLUMNS}
        filterPresets={WORKSPACE_PRESETS}
        create={create}
        rowActions={{ archiveText: WORKSPACE_ARCHIVE_TEXT }}
      />
      <Divider />
      <WorkspaceMembers />
    </Stack>
  );
}
