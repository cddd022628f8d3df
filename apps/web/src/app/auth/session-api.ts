import type { InstanceDetails, TokenRequest } from '@asb/contracts';
import { api, apiFetch } from '../api/http';

/** The calls of spec 1 §7 "User manager and session". */
export const sessionApi = {
  instanceDetails: () => apiFetch<InstanceDetails>('/knowledge/api/details'),
  currentUser: () => api('GET /usermgr/v1/users/{username}/', { params: { username: 'self' } }),
  requestToken: (credentials: TokenRequest) => api('POST /usermgr/v1/token/', { body: credentials }),
  /** ends the current bearer token on the server (a stolen copy stops working too) */
  revokeToken: () => api('POST /usermgr/v1/logout/'),
  /** answers a token when the browser holds an identity-provider session, else 401 */
  automaticToken: () => api('GET /usermgr/v1/token/'),
  /** spec 1 §8: a failing check counts as changed */
  async isDatastoreChanged(): Promise<boolean> {
    try {
      const response = await api('GET /usermgr/v1/check_datastore/');
      return response.data.changed !== false;
    } catch {
      return true;
    }
  },
};

/** Logout goes through the identity provider when one is configured. */
export function logoutUrl(instance: InstanceDetails | null): string {
  return instance?.oidcProviderName ? '/usermgr/oidc/logout' : '/usermgr/cas/logout';
}
