import { Alert, Anchor, Container } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { AuthUnavailable } from '../../../app/auth/AuthUnavailable';
import { loginRoute } from '../../../app/auth/login-redirect';
import { PageLoader } from '../../../ui/PageLoader';
import { RedirectToNext } from './RedirectToNext';
import { useLoginNext } from './useLoginNext';

/** Route oidc:login: hands the browser to the identity provider, which brings it back to next. */
export function OidcLoginPage() {
  const { status, instance } = useAuth();
  const next = useLoginNext();
  const provider = instance?.oidcProviderName;
  const shouldRedirect = status === 'anonymous' && Boolean(provider);

  useEffect(() => {
    if (shouldRedirect) window.location.assign(`/usermgr/oidc/authenticate?${new URLSearchParams({ next }).toString()}`);
  }, [shouldRedirect, next]);

  if (status === 'authenticated') return <RedirectToNext next={next} />;
  if (status === 'undefined') return <AuthUnavailable />;
  if (status === 'anonymous' && !provider) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" variant="light" title="No identity provider">
          Sign-in through an identity provider is not enabled on this instance.{' '}
          <Anchor component={Link} to={loginRoute(next)}>
            Use a local account
          </Anchor>
          .
        </Alert>
      </Container>
    );
  }
  return <PageLoader label={provider ? `Redirecting to ${provider}...` : 'Waiting for the authentication service...'} />;
}
