import { Stack, Tabs, Title } from '@mantine/core';
import { LaterReleaseNotice } from './LaterReleaseNotice';

/** The embedded admin pages of spec 2 Database & Airflow, in its order. */
const ADMIN_TABS = [
  { label: 'Service Builder', path: '/builder/admin' },
  { label: 'Knowledge Base', path: '/knowledge/admin' },
  { label: 'Resource Manager', path: '/resmgr/admin' },
  { label: 'Task Manager', path: '/taskmgr/admin' },
  { label: 'User Manager', path: '/usermgr/admin' },
  { label: 'Backend', path: '/backend/admin' },
  { label: 'Airflow', path: '/wengine/admin' },
];

export function DatabasePage() {
  return (
    <Stack gap="md">
      <Title order={2}>Database & Airflow</Title>
      <Tabs value={null}>
        <Tabs.List>
          {ADMIN_TABS.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path} disabled title={tab.path}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <LaterReleaseNotice>
        The embedded administration pages of each service come with a later release. Users and workspaces are administered in their own sections of this page.
      </LaterReleaseNotice>
    </Stack>
  );
}
