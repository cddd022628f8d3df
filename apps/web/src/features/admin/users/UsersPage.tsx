import { ActionIcon, Tooltip } from '@mantine/core';
import { NOTIFY_MS, type User } from '@asb/contracts';
import { IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
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
  return (
    <ResourceList<User>
      title="Users"
      noun={{ name: 'User', plural: 'users' }}
      source={usersSource}
      columns={USER_COLUMNS}
      defaultSort="username"
      create={NEW_USER}
      emptyTexts={{ noMatch: 'No users matching your filter' }}
      renderRowExtras={(row) => (
        <Tooltip label="Edit" withArrow>
          <ActionIcon component={Link} to={routePath('adminUserEdit', { username: row.id })} variant="light" aria-label={`Edit ${row.id}`}>
            <IconEdit size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    />
  );
}
