import { Avatar, Button, Menu } from '@mantine/core';
import { IconAdjustments, IconBucket, IconChartBar, IconChevronDown, IconExternalLink, IconLogout, IconShieldLock, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ActionRequiredIcon } from '../../../ui/ActionRequiredIcon';
import { useAuth } from '../../auth/auth-context';
import { routePath } from '../../routes';

/** Spec 1 §2 User dropdown; a red warning marks the name and Profile while datastore credentials are unchanged. */
export function UserMenu() {
  const { user, instance, isStaff, datastoreChanged, logout } = useAuth();
  if (!user) return null;
  const warning = datastoreChanged ? null : <ActionRequiredIcon />;
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={
            <Avatar size={26} color="indigo" radius="xl" aria-hidden>
              {user.username.slice(0, 2).toUpperCase()}
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {user.username}
          {warning && <span style={{ display: 'inline-flex', marginLeft: 6 }}>{warning}</span>}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.full_name || user.username}</Menu.Label>
        <Menu.Item component={Link} to={routePath('profile')} leftSection={<IconUser size={16} />} rightSection={warning}>
          Profile
        </Menu.Item>
        {instance?.external_datastore_url && (
          <Menu.Item
            component="a"
            href={instance.external_datastore_url}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconBucket size={16} />}
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            My buckets
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={routePath('resources')} leftSection={<IconChartBar size={16} />}>
          Resources Usage
        </Menu.Item>
        <Menu.Item component={Link} to={routePath('settings')} leftSection={<IconAdjustments size={16} />}>
          Settings
        </Menu.Item>
        {isStaff && (
          <Menu.Item component={Link} to={routePath('admin')} leftSection={<IconShieldLock size={16} />}>
            Administration
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
