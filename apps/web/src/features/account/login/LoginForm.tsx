import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { useAuth } from '../../../app/auth/auth-context';
import { loginErrorMessage } from './login-error';

/** Local account sign-in; on success the session changes and the page follows next. */
export function LoginForm() {
  const { login } = useAuth();
  const [error, setError] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: { username: isNotEmpty('Enter your username'), password: isNotEmpty('Enter your password') },
  });

  const onSubmit = form.onSubmit(async (values) => {
    setError(undefined);
    setSubmitting(true);
    try {
      await login({ username: values.username.trim(), password: values.password });
    } catch (failure) {
      const message = loginErrorMessage(failure);
      if (message) setError(message);
      else handleError(failure);
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" autoFocus withAsterisk key={form.key('username')} {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          // a toggle named after the field would make 'Password' name two controls
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth size="md">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
