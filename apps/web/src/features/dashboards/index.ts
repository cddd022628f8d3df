export { DashboardsPage } from './DashboardsPage';
export { DashboardPage } from './DashboardPage';
