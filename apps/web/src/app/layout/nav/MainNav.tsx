import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { activeTarget } from './active-route';
import { NavDropdown } from './NavDropdown';
import { useNavEntries } from './useNavEntries';

/** The horizontal main navigation of wide screens. */
export function MainNav() {
  const entries = useNavEntries();
  const { pathname } = useLocation();
  const activeTo = activeTarget(pathname, entries);
  return (
    <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
      {entries.map((entry) => {
        if (entry.kind === 'menu') return <NavDropdown key={entry.label} entry={entry} activeTo={activeTo} />;
        const isActive = entry.to === activeTo;
        return (
          <Button
            key={entry.label}
            component={Link}
            to={entry.to ?? '/'}
            aria-current={isActive ? 'page' : undefined}
            variant={isActive ? 'light' : 'subtle'}
            color={isActive ? undefined : 'dark'}
            size="compact-md"
            fw={500}
          >
            {entry.label}
          </Button>
        );
      })}
    </Group>
  );
}
