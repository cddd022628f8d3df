import { useMemo } from 'react';
import { useAuth } from '../../auth/auth-context';
import { buildNavEntries } from './build-nav-entries';
import type { NavEntry } from './nav-entries';

export function useNavEntries(): NavEntry[] {
  const { status, isDeveloper, hasFeature, instance } = useAuth();
  const isSignedIn = status === 'authenticated';
  const links = instance?.links ?? null;
  return useMemo(() => buildNavEntries({ isSignedIn, isDeveloper, hasFeature, links }), [isSignedIn, isDeveloper, hasFeature, links]);
}
