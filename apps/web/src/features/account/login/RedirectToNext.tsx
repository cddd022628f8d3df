import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { routerPathOf } from '../../../app/auth/login-redirect';
import { PageLoader } from '../../../ui/PageLoader';

/** Follows next: inside the app through the router, elsewhere on this host by a full page load. */
export function RedirectToNext({ next }: { next: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const route = routerPathOf(next);
    if (route === undefined) window.location.assign(next);
    else void navigate(route, { replace: true });
  }, [next, navigate]);
  return <PageLoader />;
}
