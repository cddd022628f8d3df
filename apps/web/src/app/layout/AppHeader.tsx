import { Box, Burger, Group } from '@mantine/core';
import { AccountControl } from './account/AccountControl';
import { Brand } from './Brand';
import { MainNav } from './nav/MainNav';
import { NavigationProgress } from './NavigationProgress';
import { ConnectionIndicator } from './status/ConnectionIndicator';
import { InstanceBadges } from './status/InstanceBadges';

export const HEADER_HEIGHT = { base: 60, md: 108 };

interface AppHeaderProps {
  isNavOpen: boolean;
  onToggleNav: () => void;
}

/** Two rows on wide screens (identity and state, then the main navigation); a burger on narrow ones. */
export function AppHeader({ isNavOpen, onToggleNav }: AppHeaderProps) {
  return (
    <Box pos="relative" h="100%">
      <Group h={60} px="md" justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Burger opened={isNavOpen} onClick={onToggleNav} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
          <Brand />
          <Box visibleFrom="sm">
            <InstanceBadges />
          </Box>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Box visibleFrom="sm">
            <ConnectionIndicator />
          </Box>
          <AccountControl />
        </Group>
      </Group>
      <Box
        visibleFrom="md"
        h={48}
        px="md"
        bg="gray.0"
        // never a sideways scroll: what does not fit goes into MainNav's 'More'
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)', display: 'flex', alignItems: 'center', overflow: 'hidden' }}
      >
        <MainNav />
      </Box>
      <NavigationProgress />
    </Box>
  );
}
