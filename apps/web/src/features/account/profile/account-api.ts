import type { ChangePasswordRequest } from '@asb/contracts';
import { api } from '../../../app/api/http';

/** PATCH change_password/ answers a new token: the older ones are revoked. */
export function changePassword(request: ChangePasswordRequest) {
  return api('PATCH /usermgr/v1/change_password/', { body: request });
}

export function requestDatastoreCredentials(password: string) {
  return api('POST /usermgr/v1/datastore_credentials/', { body: { password } });
}
