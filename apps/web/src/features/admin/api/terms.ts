import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { USERS_KEY } from './users';

const termsKey = (username: string) => [...USERS_KEY, 'terms', username] as const;

/** The licence URLs a user accepted (spec 2 Edit user: the accepted Terms and Conditions licences). */
export function useUserTerms(username: string) {
  return useQuery({
    queryKey: termsKey(username),
    queryFn: async ({ signal }) => (await api('GET /usermgr/v1/users/{username}/terms-and-conditions/', { params: { username }, signal })).data,
  });
}

/** Decline one licence for the user, then read the list again. */
export function useDeclineTerms(username: string) {
  const queryClient = useQueryClient();
  return async (licence: string) => {
    try {
      await api('POST /usermgr/v1/users/{username}/terms-and-conditions/revoke/', { params: { username }, body: { terms_and_conditions_id: licence } });
    } finally {
      await queryClient.invalidateQueries({ queryKey: termsKey(username) });
    }
  };
}
