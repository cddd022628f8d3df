import { Alert, Button, Divider, Fieldset, Group, Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NOTIFY_MS, type Group as WorkspaceGroup, type User } from '@asb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf, handleError } from '../../../app/api/error-handler';
import { useAuth } from '../../../app/auth/auth-context';
import { updateUser, USERS_KEY } from '../api/users';
import { knownRoles, type RoleMap } from './roles';
import { WorkspaceRolesTable } from './WorkspaceRolesTable';

interface FormValues {
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  groups: RoleMap;
}

function valuesOf(user: User): FormValues {
  const { first_name, last_name, email, is_active, is_staff, is_superuser } = user;
  return { first_name, last_name, email, is_active, is_staff, is_superuser, groups: knownRoles(user.groups) };
}

/**
 * The editable part of Edit user (spec 2): names, email, account flags and workspace roles. Only a
 * superuser may change a superuser or superuser status (the server refuses others with 403 / 400):
 * for other staff such a user is shown read-only, with the reason.
 */
export function UserEditForm({ user, groups }: { user: User; groups: WorkspaceGroup[] }) {
  const { isSuperuser: isEditorSuperuser } = useAuth();
  const isReadOnly = user.is_superuser && !isEditorSuperuser;
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({ initialValues: valuesOf(user) });
  const [generalError, setGeneralError] = useState<string>();

  const save = async (values: FormValues) => {
    setGeneralError(undefined);
    try {
      const updated = await updateUser(user.username, values);
      form.setInitialValues(valuesOf(updated));
      form.setValues(valuesOf(updated));
      notifications.show({ message: `User ${user.username} updated`, color: 'green', autoClose: NOTIFY_MS.short });
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) return handleError(error);
      const { non_field_errors: nonField, ...fields } = errors;
      form.setErrors(fields);
      setGeneralError(nonField);
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => save(values))}>
      {/* a disabled fieldset disables every field inside it, the role checkboxes included */}
      <Fieldset variant="unstyled" disabled={isReadOnly}>
        <Stack gap="lg">
          {isReadOnly && (
            <Alert color="blue" variant="light" title="Read-only">
              {user.username} is a superuser: only a superuser can change a superuser's account.
            </Alert>
          )}
          <Paper withBorder p="md" radius="md">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="First name" {...form.getInputProps('first_name')} />
                <TextInput label="Last name" {...form.getInputProps('last_name')} />
              </SimpleGrid>
              <TextInput label="Email" type="email" {...form.getInputProps('email')} />
              <Divider />
              <Switch label="Active" description="Unselect this instead of deleting accounts" {...form.getInputProps('is_active', { type: 'checkbox' })} />
              <Switch label="Admin" description="Gives access to the administration interface" {...form.getInputProps('is_staff', { type: 'checkbox' })} />
              <Switch
                label="Superuser"
                description={
                  isEditorSuperuser
                    ? 'Has all permissions without them being assigned explicitly'
                    : 'Has all permissions without them being assigned explicitly; only a superuser can change this'
                }
                disabled={!isEditorSuperuser}
                {...form.getInputProps('is_superuser', { type: 'checkbox' })}
              />
            </Stack>
          </Paper>
          <Stack gap="xs">
            <Title order={4}>Workspace roles</Title>
            <WorkspaceRolesTable groups={groups} value={form.values.groups} onChange={(value) => form.setFieldValue('groups', value)} />
            {form.errors.groups && (
              <Alert color="red" variant="light">
                {form.errors.groups}
              </Alert>
            )}
          </Stack>
          {generalError && (
            <Alert color="red" variant="light">
              {generalError}
            </Alert>
          )}
          {!isReadOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
