import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';

export const GROUPS_KEY = ['/usermgr/v1', 'groups'] as const;

/** Workspace role groups (one per workspace; id = workspace id). */
export function useGroups() {
  return useQuery({
    queryKey: GROUPS_KEY,
    queryFn: ({ signal }) => api('GET /usermgr/v1/groups/', { signal }),
  });
}

export function useGroupMembers(groupId: string | null) {
  return useQuery({
    queryKey: [...GROUPS_KEY, groupId, 'members'],
    enabled: groupId !== null,
    queryFn: ({ signal }) => api('GET /usermgr/v1/groups/{id}/members/', { params: { id: groupId ?? '' }, signal }),
  });
}

/** Spec 2 §7: creating a workspace also creates its role group. */
export function createGroup(workspaceIdentifier: string) {
  return api('POST /usermgr/v1/groups/', { body: { workspace_identifier: workspaceIdentifier } });
}
