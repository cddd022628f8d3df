import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isDeveloper, type TokenRequest } from '@asb/contracts';
import { localStore } from '../settings/local-store';
import { AuthContext, type AuthState } from './auth-context';
import { logoutUrl, sessionApi } from './session-api';
import { LOADING_SESSION, startSession, type Session } from './start-session';

/** The session of spec 1 §4 Login, shared by the navbar, the route guard and every page. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(LOADING_SESSION);

  useEffect(() => {
    let isCurrent = true;
    void startSession().then((started) => {
      if (isCurrent) setSession(started);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    if (session.status === 'authenticated' || session.status === 'anonymous') localStore.setSession(session.user);
  }, [session.status, session.user]);

  const login = useCallback(async (credentials?: TokenRequest) => {
    // the answer sets the HttpOnly session cookie: the token in the body is for programs, not kept here
    await (credentials ? sessionApi.requestToken(credentials) : sessionApi.automaticToken());
    const user = await sessionApi.currentUser();
    const datastoreChanged = await sessionApi.isDatastoreChanged();
    setSession((current) => ({ ...current, status: 'authenticated', user, datastoreChanged }));
  }, []);

  const refreshUser = useCallback(async () => {
    const user = await sessionApi.currentUser();
    const datastoreChanged = await sessionApi.isDatastoreChanged();
    setSession((current) => ({ ...current, user, datastoreChanged }));
  }, []);

  const logout = useCallback(() => {
    // 'loading' rather than 'anonymous' until the page leaves: guarded pages must not
    // flash the login redirect while the browser goes to the logout URL.
    setSession((current) => ({ ...current, status: 'loading', user: null }));
    // the server revokes the token and clears the session cookies; the logout page clears them too
    void sessionApi
      .revokeToken()
      .catch(() => undefined)
      .finally(() => {
        localStore.setSession(null);
        window.location.assign(logoutUrl(session.instance));
      });
  }, [session.instance]);

  const value = useMemo<AuthState>(() => {
    const { user, instance } = session;
    const features = new Set(instance?.theme_features ?? []);
    return {
      ...session,
      isStaff: user?.is_staff ?? false,
      isSuperuser: user?.is_superuser ?? false,
      isDeveloper: user ? isDeveloper(user.groups) : false,
      hasFeature: (feature: string) => features.has(feature),
      login,
      logout,
      refreshUser,
    };
  }, [session, login, logout, refreshUser]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
