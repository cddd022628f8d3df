import { Alert, Button, Center, Divider, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconPlugConnectedX, IconSatellite } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { loginRoute } from '../../../app/auth/login-redirect';
import { routePath } from '../../../app/routes';
import { LoginForm } from './LoginForm';
import { oidcErrorMessage } from './oidc-errors';
import { RedirectToNext } from './RedirectToNext';
import { useLoginNext } from './useLoginNext';

/** Routes login and cas:login: local account sign-in, then on to next. */
export function LoginPage() {
  const { status, instance } = useAuth();
  const next = useLoginNext();
  const [params] = useSearchParams();
  const providerError = oidcErrorMessage(params.get('error'));
  if (status === 'authenticated') return <RedirectToNext next={next} />;
  return (
    <Center py={64} px="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <ThemeIcon size={48} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }} mx="auto" display="flex">
          <IconSatellite size={28} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center" mt="md">
          Log in
        </Title>
        <Text c="dimmed" size="sm" ta="center" mt={4} mb="lg">
          Sign in with your local account to manage processes, workflows and executions.
        </Text>
        {providerError && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />} mb="md">
            {providerError}
          </Alert>
        )}
        {status === 'undefined' ? (
          <Alert color="red" variant="light" title="Login disabled" icon={<IconPlugConnectedX />}>
            The authentication service could not be contacted. Please try again in a moment.
          </Alert>
        ) : (
          <LoginForm />
        )}
        {instance?.oidcProviderName && (
          <>
            <Divider label="or" labelPosition="center" my="lg" />
            <Button component={Link} to={loginRoute(next, routePath('oidcLogin'))} variant="default" fullWidth leftSection={<IconKey size={18} />}>
              Continue with {instance.oidcProviderName}
            </Button>
          </>
        )}
      </Paper>
    </Center>
  );
}
