import { splitKey, type ApiOperations, type InstanceDetails, type OperationKey, type TokenRequest } from '@asb/contracts';
import { api } from '../api/http';

/** The calls of spec 1 §7 "User manager and session". */
export const sessionApi = {
  instanceDetails: () => api('GET /knowledge/api/details'),
  currentUser: () => api('GET /usermgr/v1/users/{username}/', { params: { username: 'self' } }),
  requestToken: (credentials: TokenRequest) => api('POST /usermgr/v1/token/', { body: credentials }),
  /** ends the session's token on the server (a stolen copy stops working too) and clears its cookies */
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

/** A page of the contract the browser goes to (a redirect answer, not a call). */
function pageOf(key: keyof ApiOperations & OperationKey): string {
  return splitKey(key).path;
}

/** Logout goes through the identity provider when one is configured. */
export function logoutUrl(instance: InstanceDetails | null): string {
  return pageOf(instance?.oidcProviderName ? 'GET /usermgr/oidc/logout' : 'GET /usermgr/cas/logout');
}
