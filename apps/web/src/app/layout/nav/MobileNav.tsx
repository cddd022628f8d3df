import { NavLink, ScrollArea } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { activeTarget } from './active-route';
import type { NavLinkEntry } from './nav-entries';
import { useNavEntries } from './useNavEntries';

function MobileLink({ item, activeTo, onNavigate }: { item: NavLinkEntry; activeTo: string | undefined; onNavigate: () => void }) {
  if (item.to) return <NavLink component={Link} to={item.to} label={item.label} active={item.to === activeTo} onClick={onNavigate} />;
  return (
    <NavLink component="a" href={item.href} target="_blank" rel="noreferrer" label={item.label} rightSection={<IconExternalLink size={14} aria-hidden />} />
  );
}

/** The same entries as the main navigation, in the side drawer of narrow screens. */
export function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  const entries = useNavEntries();
  const { pathname } = useLocation();
  const activeTo = activeTarget(pathname, entries);
  return (
    <ScrollArea>
      <nav aria-label="Main">
        {entries.map((entry) =>
          entry.kind === 'menu' ? (
            <NavLink key={entry.label} label={entry.label} defaultOpened={entry.items.some((item) => item.to === activeTo)}>
              {entry.items.map((item) => (
                <MobileLink key={item.label} item={item} activeTo={activeTo} onNavigate={onNavigate} />
              ))}
            </NavLink>
          ) : (
            <MobileLink key={entry.label} item={entry} activeTo={activeTo} onNavigate={onNavigate} />
          ),
        )}
      </nav>
    </ScrollArea>
  );
}
