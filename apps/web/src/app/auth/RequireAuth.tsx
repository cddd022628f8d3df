import type { ReactNode } from 'react';
import { PageLoader } from '../../ui/PageLoader';
import { useAuth } from './auth-context';
import { AuthUnavailable } from './AuthUnavailable';
import { RedirectToLogin } from './RedirectToLogin';

/** Spec 1 §2 Route guard: pages other than the public ones need a signed-in user. */
export function RequireAuth({ title, children }: { title: string; children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoader label="Waiting for the authentication service..." />;
  if (status === 'undefined') return <AuthUnavailable />;
  if (status === 'anonymous') return <RedirectToLogin title={title} />;
  return <>{children}</>;
}
