import { listQueryParams, type UpdateUserRequest, type User } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import type { ListSource } from '../../../ui/resource-list';

/** every users query lives under this key, so a change refreshes lists and details */
export const USERS_KEY = ['/usermgr/v1', 'users'] as const;

/** Administration > Users through the generic list: usermgr answers the same {id, attributes} rows. */
export const usersSource: ListSource<User> = {
  key: USERS_KEY,
  async list(params, signal) {
    // usermgr filters on free text only
    const query = listQueryParams({ page: params.page, pageSize: params.pageSize, sort: params.sort, search: params.search || undefined });
    const document = await api('GET /usermgr/v1/users/', { query, signal });
    return { rows: document.data, pagination: document.meta.pagination };
  },
  async create(values) {
    const user = await api('POST /usermgr/v1/users/', { body: { username: values.username ?? '' } });
    return { id: user.username, identifier: user.username, password: user.password };
  },
};

export function useUser(username: string) {
  return useQuery({
    queryKey: [...USERS_KEY, 'detail', username],
    queryFn: ({ signal }) => api('GET /usermgr/v1/users/{username}/', { params: { username }, signal }),
  });
}

export function updateUser(username: string, request: UpdateUserRequest): Promise<User> {
  return api('PUT /usermgr/v1/users/{username}/', { params: { username }, body: request });
}
