import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { NOTIFY_MS } from '@asb/contracts';
import { useAuth } from '../../../app/auth/auth-context';
import { requestDatastoreCredentials } from './account-api';
import { datastoreFailure } from './datastore-error';
import { DatastoreSecret } from './DatastoreSecret';

/** New datastore credentials after re-entering the account password (spec 2 §5). */
export function DatastoreCredentialsCard() {
  const { refreshUser } = useAuth();
  const [isLoading, setLoading] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [message, setMessage] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: isNotEmpty('Enter your account password') },
  });

  const onSubmit = form.onSubmit(async ({ password }) => {
    setLoading(true);
    setSecret(undefined);
    setMessage(undefined);
    try {
      const response = await requestDatastoreCredentials(password);
      setSecret(response.datastore_secret);
      setMessage(response.message);
      form.reset();
      // the navbar warning goes away once the check reports the change
      await refreshUser().catch(() => undefined);
    } catch (error) {
      const failure = datastoreFailure(error);
      if (failure) {
        if (failure.passwordError) form.setFieldError('password', failure.passwordError);
        setMessage(failure.message);
      } else {
        notifications.show({ title: 'Error', message: 'Failed to fetch credentials', color: 'red', autoClose: NOTIFY_MS.error });
      }
    } finally {
      setLoading(false);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        Datastore credentials
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your datastore credentials give access to your buckets. Generating new ones replaces the previous secret.
      </Text>
      <Stack gap="sm">
        {message && (
          <Alert color="blue" variant="light">
            {message}
          </Alert>
        )}
        {secret && <DatastoreSecret secret={secret} />}
        <form onSubmit={onSubmit} noValidate aria-label="Datastore credentials">
          <Stack gap="sm">
            <PasswordInput
              label="Account password"
              description="Confirm it is you before new credentials are issued"
              autoComplete="current-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={isLoading} variant="light" style={{ alignSelf: 'flex-start' }}>
              Generate new credentials
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
