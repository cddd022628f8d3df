import { IconDatabase, IconServer, IconUsers, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { routePath } from '../../../app/routes';

export interface AdminSection {
  label: string;
  path: string;
  icon: Icon;
}

/** The Administration sidebar of spec 2, in its order. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { label: 'Users', path: routePath('adminUsers'), icon: IconUsers },
  { label: 'Workspaces', path: routePath('adminWorkspaces'), icon: IconUsersGroup },
  { label: 'ADES Instances', path: routePath('adminAdes'), icon: IconServer },
  { label: 'Database & Airflow', path: routePath('adminDatabase'), icon: IconDatabase },
];
