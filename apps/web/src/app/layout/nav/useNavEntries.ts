import { useMemo } from 'react';
import { useAuth } from '../../auth/auth-context';
import { buildNavEntries } from './build-nav-entries';
import type { NavEntry } from './nav-entries';

export function useNavEntries(): NavEntry[] {
  const { status, isDeveloper, hasFeature } = useAuth();
  const isSignedIn = status === 'authenticated';
  return useMemo(() => buildNavEntries({ isSignedIn, isDeveloper, hasFeature }), [isSignedIn, isDeveloper, hasFeature]);
}
