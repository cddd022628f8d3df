export { AdminLayout } from './layout/AdminLayout';
export { UsersPage } from './users/UsersPage';
export { UserEditPage } from './users/UserEditPage';
export { WorkspacesPage } from './workspaces/WorkspacesPage';
export { AdesPage } from './ades/AdesPage';
export { DatabasePage } from './database/DatabasePage';
