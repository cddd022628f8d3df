import type { CheckDatastoreResponse, InstanceDetails, TokenRequest, TokenResponse, User } from '@asb/contracts';
import { apiFetch } from '../api/http';

/** The calls of spec 1 §7 "User manager and session". */
export const sessionApi = {
  instanceDetails: () => apiFetch<InstanceDetails>('/knowledge/api/details'),
  currentUser: () => apiFetch<User>('/usermgr/v1/users/self/'),
  requestToken: (credentials: TokenRequest) => apiFetch<TokenResponse>('/usermgr/v1/token/', { method: 'POST', body: credentials }),
  /** ends the current bearer token on the server (a stolen copy stops working too) */
  revokeToken: () => apiFetch<void>('/usermgr/v1/logout/', { method: 'POST' }),
  /** answers a token when the browser holds an identity-provider session, else 401 */
  automaticToken: () => apiFetch<TokenResponse>('/usermgr/v1/token/'),
  /** spec 1 §8: a failing check counts as changed */
  async isDatastoreChanged(): Promise<boolean> {
    try {
      const response = await apiFetch<CheckDatastoreResponse>('/usermgr/v1/check_datastore/');
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
