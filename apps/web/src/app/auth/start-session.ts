import { ApiError, hasSessionCookie } from '../api/http';
import type { InstanceDetails, User } from '@asb/contracts';
import { handleError } from '../api/error-handler';
import { sessionApi } from './session-api';

export interface Session {
  status: 'loading' | 'undefined' | 'anonymous' | 'authenticated';
  user: User | null;
  instance: InstanceDetails | null;
  datastoreChanged: boolean;
}

export const LOADING_SESSION: Session = { status: 'loading', user: null, instance: null, datastoreChanged: true };

function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * The user of the session cookie, or of an identity-provider session; null when anonymous.
 * Without the readable csrftoken cookie there is no session to restore: the identity provider's
 * sign-in sets it together with its session cookie, which never outlives it (the automatic token
 * renews the csrftoken, never the session cookie). Asking anyway would put a 401 in the console
 * of every anonymous visit.
 */
async function restoreUser(): Promise<User | null> {
  if (!hasSessionCookie()) return null;
  try {
    return await sessionApi.currentUser();
  } catch (error) {
    if (!isUnauthenticated(error)) {
      handleError(error);
      return null;
    }
    // expired or revoked (password changed elsewhere): try the automatic token
  }
  try {
    // an identity-provider session answers a token and sets the session cookies with it
    await sessionApi.automaticToken();
    return await sessionApi.currentUser();
  } catch (error) {
    if (!isUnauthenticated(error)) handleError(error);
    return null;
  }
}

/** Spec 1 §2: on start, instance details, then the current user, then the datastore check. */
export async function startSession(): Promise<Session> {
  let instance: InstanceDetails;
  try {
    instance = await sessionApi.instanceDetails();
  } catch (error) {
    handleError(error);
    return { ...LOADING_SESSION, status: 'undefined' };
  }
  const user = await restoreUser();
  if (!user) return { status: 'anonymous', user: null, instance, datastoreChanged: true };
  return { status: 'authenticated', user, instance, datastoreChanged: await sessionApi.isDatastoreChanged() };
}
