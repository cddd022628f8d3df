import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOTIFY_MS } from '@asb/contracts';
import { PageLoader } from '../../ui/PageLoader';
import { appHref, loginRoute } from './login-redirect';

/** Warns, then sends the visitor to the login page with the wanted path (including /asb/) as next. */
export function RedirectToLogin({ title }: { title: string }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    notifications.show({
      id: `login-redirect:${title}`,
      title: 'Warning',
      message: `You are being redirected to the login page to access ${title} page`,
      color: 'yellow',
      autoClose: NOTIFY_MS.error,
    });
    void navigate(loginRoute(appHref(`${pathname}${search}${hash}`)), { replace: true });
  }, [title, pathname, search, hash, navigate]);

  return <PageLoader />;
}
