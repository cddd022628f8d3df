import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { NavLinkEntry } from './nav-entries';

/** A top-level entry of the main navigation that leads to a route. */
export function NavLinkButton({ entry, isActive }: { entry: NavLinkEntry; isActive: boolean }) {
  return (
    <Button
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
}
