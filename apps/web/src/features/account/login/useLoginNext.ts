import { useSearchParams } from 'react-router';
import { safeNext } from '../../../app/auth/login-redirect';

/** Where to go after signing in: the next parameter (default /asb/). */
export function useLoginNext(): string {
  const [params] = useSearchParams();
  return safeNext(params.get('next'));
}
