import { Box, Container, Group, Title } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { AdminNoAccess } from './AdminNoAccess';
import { AdminSidebar } from './AdminSidebar';

/** The Administration shell of spec 2 for staff; the sidebar state is remembered on this browser. */
export function AdminLayout() {
  const { isStaff } = useAuth();
  return isStaff ? <AdminShell /> : <AdminNoAccess />;
}

function AdminShell() {
  const [isCollapsed, setIsCollapsed] = useLocalStorage({ key: 'asb-admin-sidebar-collapsed', defaultValue: false });
  // small screens keep the room for the page
  const isNarrow = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Container size="xl" py="lg">
      <Title order={1} size="h3" mb="md">
        Administration
      </Title>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <AdminSidebar isCollapsed={isCollapsed || isNarrow} canToggle={!isNarrow} onToggle={() => setIsCollapsed((value) => !value)} />
        <Box flex={1} miw={0}>
          <Outlet />
        </Box>
      </Group>
    </Container>
  );
}
