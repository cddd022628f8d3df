import { ActionIcon, NavLink, Paper, Stack, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ADMIN_SECTIONS } from './admin-sections';

export interface AdminSidebarProps {
  isCollapsed: boolean;
  canToggle: boolean;
  onToggle(): void;
}

/** Collapsible: collapsed, only the icons remain, named by tooltips. */
export function AdminSidebar({ isCollapsed, canToggle, onToggle }: AdminSidebarProps) {
  const { pathname } = useLocation();
  return (
    <Paper
      component="nav"
      aria-label="Administration"
      withBorder
      radius="md"
      p={6}
      w={isCollapsed ? 54 : 230}
      style={{ flexShrink: 0, transition: 'width 150ms ease' }}
    >
      <Stack gap={2}>
        {ADMIN_SECTIONS.map((section) => {
          const isActive = pathname === section.path || pathname.startsWith(`${section.path}/`);
          const icon = <section.icon size={18} stroke={1.6} />;
          return (
            <Tooltip key={section.path} label={section.label} position="right" disabled={!isCollapsed} withArrow>
              <NavLink
                component={Link}
                to={section.path}
                label={isCollapsed ? undefined : section.label}
                aria-label={isCollapsed ? section.label : undefined}
                leftSection={icon}
                active={isActive}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                aria-current={isActive ? 'page' : undefined}
              />
            </Tooltip>
          );
        })}
        {canToggle && (
          <Tooltip label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="right" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onToggle}
              aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              mt="xs"
              ml={isCollapsed ? 6 : 'auto'}
            >
              {isCollapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </Stack>
    </Paper>
  );
}
