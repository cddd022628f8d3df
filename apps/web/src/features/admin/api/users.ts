import { listQueryParams, type CreateUserResponse, type Pagination, type UpdateUserRequest, type User } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/http';
import type { ListSource } from '../../../ui/resource-list';

const BASE = '/usermgr/v1/users/';
/** every users query lives under this key, so a change refreshes lists and details */
export const USERS_KEY = ['/usermgr/v1', 'users'] as const;

interface UserListDocument {
  data: { type: 'users'; id: string; attributes: User }[];
  meta: { pagination: Pagination };
}

/** Administration > Users through the generic list: usermgr answers the same {id, attributes} rows. */
export const usersSource: ListSource<User> = {
  key: USERS_KEY,
  async list(params, signal) {
    // usermgr filters on free text only
    const query = listQueryParams({ page: params.page, pageSize: params.pageSize, sort: params.sort, search: params.search || undefined });
    const document = await apiFetch<UserListDocument>(BASE, { query, signal });
    return { rows: document.data, pagination: document.meta.pagination };
  },
  async create(values) {
    const user = await apiFetch<CreateUserResponse>(BASE, { method: 'POST', body: { username: values.username } });
    return { id: user.username, identifier: user.username, password: user.password };
  },
};

export function userPath(username: string): string {
  return `${BASE}${encodeURIComponent(username)}/`;
}

export function useUser(username: string) {
  return useQuery({
    queryKey: [...USERS_KEY, 'detail', username],
    queryFn: ({ signal }) => apiFetch<User>(userPath(username), { signal }),
  });
}

export function updateUser(username: string, request: UpdateUserRequest): Promise<User> {
  return apiFetch<User>(userPath(username), { method: 'PUT', body: request });
}
