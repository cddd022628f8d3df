import type { ReactNode } from 'react';
import { AuthContext, type AuthState } from './auth-context';

const stub: AuthState = {
  status: 'anonymous',
  user: null,
  instance: null,
  datastoreChanged: true,
  isStaff: false,
  isSuperuser: false,
  isDeveloper: false,
  hasFeature: () => false,
  login: () => Promise.resolve(),
  logout: () => undefined,
  refreshUser: () => Promise.resolve(),
  setToken: () => undefined,
};

export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={stub}>{children}</AuthContext.Provider>;
}
