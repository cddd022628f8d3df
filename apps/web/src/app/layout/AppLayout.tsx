import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { LiveConnection } from '../live/LiveConnection';
import { AppHeader, HEADER_HEIGHT } from './AppHeader';
import { Footer } from './Footer';
import { MobileNav } from './nav/MobileNav';
import { usePageTitle } from './usePageTitle';

/** The application shell: navbar, page, footer; the live connection follows the session. */
export function AppLayout() {
  const [isNavOpen, nav] = useDisclosure(false);
  usePageTitle();
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: 280, breakpoint: 'md', collapsed: { desktop: true, mobile: !isNavOpen } }} padding={0}>
      <LiveConnection />
      <AppShell.Header>
        <AppHeader isNavOpen={isNavOpen} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">{isNavOpen && <MobileNav onNavigate={nav.close} />}</AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Box flex={1}>
          <Outlet />
        </Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
