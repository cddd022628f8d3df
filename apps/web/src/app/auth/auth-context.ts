import { createContext, useContext } from 'react';
import type { InstanceDetails, User } from '@asb/contracts';

/**
 * The session of spec 1 §4 Login. `status` 'undefined' is the navbar's
 * 'Login disabled' state, 'loading' its 'Waiting for the authentication service...'.
 */
export interface AuthState {
  status: 'loading' | 'undefined' | 'anonymous' | 'authenticated';
  user: User | null;
  instance: InstanceDetails | null;
  /** datastore credentials changed (a failing check counts as changed) */
  datastoreChanged: boolean;
  isStaff: boolean;
  isSuperuser: boolean;
  isDeveloper: boolean;
  hasFeature(feature: string): boolean;
  /** with credentials a token is requested; without, the automatic token of an IdP session */
  login(credentials?: { username: string; password: string }): Promise<void>;
  logout(): void;
  refreshUser(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
