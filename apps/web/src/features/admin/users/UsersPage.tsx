import { ActionIcon, Tooltip } from '@mantine/core';
import { NOTIFY_MS, type User } from '@asb/contracts';
import { IconEdit, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { ResourceList, type CreateConfig } from '../../../ui/resource-list';
import { usersSource } from '../api/users';
import { GeneratedPassword } from './GeneratedPassword';
import { USER_COLUMNS } from './user-columns';

const NEW_USER: CreateConfig = {
  buttonLabel: 'New user',
  submitLabel: 'Create user',
  fields: [{ name: 'username', label: 'Username', isRequired: true }],
  successMessage: (item) => `User ${item.id} successfully created`,
  successAutoClose: NOTIFY_MS.short,
  renderResult: (item) => <GeneratedPassword username={item.id} password={typeof item.password === 'string' ? item.password : undefined} />,
};

export function UsersPage() {
  const { isSuperuser } = useAuth();
  return (
    <ResourceList<User>
      title="Users"
      noun={{ name: 'User', plural: 'users' }}
      source={usersSource}
      columns={USER_COLUMNS}
      defaultSort="username"
      create={NEW_USER}
      emptyTexts={{ noMatch: 'No users matching your filter' }}
      renderRowExtras={(row) => {
        // only a superuser may change a superuser: others open that user read-only
        const action = row.attributes.is_superuser && !isSuperuser ? 'View' : 'Edit';
        return (
          <Tooltip label={action} withArrow>
            <ActionIcon component={Link} to={routePath('adminUserEdit', { username: row.id })} variant="light" aria-label={`${action} ${row.id}`}>
              {action === 'View' ? <IconEye size={16} /> : <IconEdit size={16} />}
            </ActionIcon>
          </Tooltip>
        );
      }}
    />
  );
}
