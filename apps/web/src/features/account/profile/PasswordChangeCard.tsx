import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { NOTIFY_MS } from '@asb/contracts';
import { fieldErrorsOf, handleError } from '../../../app/api/error-handler';
import { changePassword } from './account-api';
import { passwordChangeRules, passwordFieldErrors, type PasswordChangeValues } from './password-rules';

export function PasswordChangeCard() {
  const [isSaving, setSaving] = useState(false);
  const form = useForm<PasswordChangeValues>({
    mode: 'uncontrolled',
    initialValues: { current_password: '', new_password: '', confirm_new_password: '' },
    validate: passwordChangeRules,
  });

  const onSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      // the server revoked every older token and set the session cookie to the new one
      await changePassword(values);
      form.reset();
      notifications.show({ title: 'Password', message: 'Password updated successfully', color: 'green', autoClose: NOTIFY_MS.short });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) form.setErrors(passwordFieldErrors(fieldErrors));
      else handleError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        Password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Use at least 8 characters. Other signed-in sessions will have to sign in again.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <PasswordInput label="New password" autoComplete="new-password" key={form.key('new_password')} {...form.getInputProps('new_password')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            key={form.key('confirm_new_password')}
            {...form.getInputProps('confirm_new_password')}
          />
          <Button type="submit" loading={isSaving} mt="xs" style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
