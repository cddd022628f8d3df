import { IconActivityHeartbeat, IconBuildingStore, IconCalendarTime, IconCpu, IconHierarchy3, IconLayoutDashboard, type TablerIcon } from '@tabler/icons-react';
import type { RouteKey } from '../../app/routes';

export interface QuickLink {
  /** theme feature that enables it; none means always */
  feature?: string;
  route: RouteKey;
  title: string;
  text: string;
  icon: TablerIcon;
}

export const QUICK_LINKS: QuickLink[] = [
  { feature: 'navbar-workflows', route: 'workflows', title: 'Workflows', text: 'Compose, execute and schedule processing chains.', icon: IconHierarchy3 },
  {
    feature: 'navbar-executions',
    route: 'monitoring',
    title: 'Executions',
    text: 'Follow running executions and read their reports.',
    icon: IconActivityHeartbeat,
  },
  { feature: 'navbar-processes', route: 'processes', title: 'Processes', text: 'Author, build and release versions of your code.', icon: IconCpu },
  { feature: 'navbar-schedules', route: 'schedules', title: 'Schedules', text: 'Manage executions that repeat on their own.', icon: IconCalendarTime },
  { feature: 'navbar-dashboards', route: 'dashboards', title: 'Dashboards', text: 'Arrange results and maps on your dashboards.', icon: IconLayoutDashboard },
  { route: 'marketplace', title: 'Marketplace', text: 'Discover published applications, models and datasets.', icon: IconBuildingStore },
];
