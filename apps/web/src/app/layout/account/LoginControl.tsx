import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { appHref, loginRoute } from '../../auth/login-redirect';
import { routePath } from '../../routes';

// the sign-in choice dialog (Mantine's Modal) loads when a visitor opens it: every signed-out
// deep link downloads the shell, and the shell stays within its budget (docs/architecture.md)
const LoginModal = lazy(() => import('./LoginModal').then((module) => ({ default: module.LoginModal })));

const LOGIN_PATHS: string[] = [routePath('login'), routePath('casLogin'), routePath('oidcLogin')];

/** The Log in entry of an anonymous visitor; not shown on the login pages themselves. */
export function LoginControl() {
  const { instance } = useAuth();
  const { pathname, search } = useLocation();
  const [isModalOpen, modal] = useDisclosure(false);
  if (LOGIN_PATHS.includes(pathname)) return null;
  const next = appHref(`${pathname}${search}`);
  const icon = <IconLogin2 size={18} aria-hidden />;
  if (!instance?.oidcProviderName) {
    return (
      <Button component={Link} to={loginRoute(next)} leftSection={icon}>
        Log in
      </Button>
    );
  }
  return (
    <>
      <Button onClick={modal.open} leftSection={icon}>
        Log in
      </Button>
      {isModalOpen && (
        <Suspense fallback={null}>
          <LoginModal providerName={instance.oidcProviderName} next={next} isOpen onClose={modal.close} />
        </Suspense>
      )}
    </>
  );
}
