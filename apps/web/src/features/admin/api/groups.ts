import type { Group, GroupMember } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/http';

const BASE = '/usermgr/v1/groups/';
export const GROUPS_KEY = ['/usermgr/v1', 'groups'] as const;

/** Workspace role groups (one per workspace; id = workspace id). */
export function useGroups() {
  return useQuery({
    queryKey: GROUPS_KEY,
    queryFn: ({ signal }) => apiFetch<Group[]>(BASE, { signal }),
  });
}

export function useGroupMembers(groupId: string | null) {
  return useQuery({
    queryKey: [...GROUPS_KEY, groupId, 'members'],
    enabled: groupId !== null,
    queryFn: ({ signal }) => apiFetch<GroupMember[]>(`${BASE}${encodeURIComponent(groupId ?? '')}/members/`, { signal }),
  });
}

/** Spec 2 §7: creating a workspace also creates its role group. */
export function createGroup(workspaceIdentifier: string): Promise<Group> {
  return apiFetch<Group>(BASE, { method: 'POST', body: { workspace_identifier: workspaceIdentifier } });
}
