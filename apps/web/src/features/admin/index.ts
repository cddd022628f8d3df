import { Outlet } from 'react-router';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

export const AdminLayout = Outlet;
export const UsersPage = () => PlaceholderPage({ title: 'Users' });
export const UserEditPage = () => PlaceholderPage({ title: 'Edit user' });
export const WorkspacesPage = () => PlaceholderPage({ title: 'Workspaces' });
export const AdesPage = () => PlaceholderPage({ title: 'ADES Instances' });
export const DatabasePage = () => PlaceholderPage({ title: 'Database & Airflow' });
