import type { ChangePasswordRequest, DatastoreCredentialsResponse } from '@asb/contracts';
import { apiFetch } from '../../../app/api/http';

/** PATCH change_password/ answers a new token: the older ones are revoked. */
export function changePassword(request: ChangePasswordRequest) {
  return apiFetch<{ detail: string; token: string }>('/usermgr/v1/change_password/', { method: 'PATCH', body: request });
}

export function requestDatastoreCredentials(password: string) {
  return apiFetch<DatastoreCredentialsResponse>('/usermgr/v1/datastore_credentials/', { method: 'POST', body: { password } });
}
