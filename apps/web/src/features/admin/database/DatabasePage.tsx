import { ADMIN_SERVICES, type AdminService, type User } from '@asb/contracts';
import { ActionIcon, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { routePath } from '../../../app/routes';
import { ResourceList } from '../../../ui/resource-list';
import { usersSource } from '../api/users';
import { USER_COLUMNS } from '../users/user-columns';
import { EngineAdmin } from './EngineAdmin';
import { ServiceAdmin } from './ServiceAdmin';

/** The embedded admin pages of spec 2 Database & Airflow, in its order, each at its service's path. */
const ADMIN_TABS: { service: AdminService; label: string }[] = [
  { service: 'builder', label: 'Service Builder' },
  { service: 'knowledge', label: 'Knowledge Base' },
  { service: 'resmgr', label: 'Resource Manager' },
  { service: 'taskmgr', label: 'Task Manager' },
  { service: 'usermgr', label: 'User Manager' },
  { service: 'backend', label: 'Backend' },
  { service: 'wengine', label: 'Airflow' },
];

/** The User Manager's admin: the users, searched (the edit-user page's advanced administration link names one: ?q=). */
function UserManagerAdmin({ search }: { search: string }) {
  return (
    <ResourceList<User>
      key={search}
      title="Users"
      noun={{ name: 'User', plural: 'users' }}
      source={usersSource}
      columns={USER_COLUMNS}
      defaultSort="username"
      defaultFilter={search}
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

const isService = (value: string | null): value is AdminService => (ADMIN_SERVICES as readonly string[]).includes(value ?? '');

/**
 * /admin/database (spec 2 "Database & Airflow", spec 3 "Database admin page"; docs/admin.md): a tab
 * per service, each its admin generated from the server's resource definitions (staff only, every
 * change audited); Airflow is the engine. /builder/admin ... /wengine/admin land on their tab.
 */
export function DatabasePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: AdminService = isService(tab) ? tab : 'builder';
  const path = (service: string) => `/${service}/admin`;
  return (
    <Stack gap="md">
      <Title order={2}>Database & Airflow</Title>
      <Tabs value={active} onChange={(value) => value && setParams({ tab: value })} keepMounted={false}>
        <Tabs.List>
          {ADMIN_TABS.map((entry) => (
            <Tabs.Tab key={entry.service} value={entry.service} title={path(entry.service)}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map((entry) => (
          <Tabs.Panel key={entry.service} value={entry.service} pt="md">
            <Text size="xs" c="dimmed" mb="sm" ff="monospace">
              {path(entry.service)}
            </Text>
            {entry.service === 'wengine' ? (
              <EngineAdmin />
            ) : entry.service === 'usermgr' ? (
              <UserManagerAdmin search={params.get('q') ?? ''} />
            ) : (
              <ServiceAdmin service={entry.service} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
