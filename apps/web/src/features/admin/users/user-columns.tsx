import { Anchor } from '@mantine/core';
import type { User } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import type { ResourceColumn } from '../../../ui/resource-list';
import { BooleanMark } from './BooleanMark';
import { UserGroupsCell } from './UserGroupsCell';

/** Spec 2 Administration > Users columns. */
export const USER_COLUMNS: ResourceColumn<User>[] = [
  {
    key: 'username',
    header: 'Username',
    sortField: 'username',
    noWrap: true,
    render: (row) => (
      <Anchor component={Link} to={routePath('adminUserEdit', { username: row.id })} fw={500}>
        {row.attributes.username}
      </Anchor>
    ),
  },
  { key: 'first_name', header: 'First name', sortField: 'first_name', render: (row) => row.attributes.first_name },
  { key: 'last_name', header: 'Last name', sortField: 'last_name', render: (row) => row.attributes.last_name },
  { key: 'email', header: 'Email', sortField: 'email', render: (row) => row.attributes.email },
  { key: 'is_active', header: 'Active', sortField: 'is_active', render: (row) => <BooleanMark value={row.attributes.is_active} /> },
  { key: 'is_staff', header: 'Admin', sortField: 'is_staff', render: (row) => <BooleanMark value={row.attributes.is_staff} /> },
  { key: 'is_superuser', header: 'Superuser', sortField: 'is_superuser', render: (row) => <BooleanMark value={row.attributes.is_superuser} /> },
  { key: 'groups', header: 'Workspaces', render: (row) => <UserGroupsCell groups={row.attributes.groups} /> },
];
