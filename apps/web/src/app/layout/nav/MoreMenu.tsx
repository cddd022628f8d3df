import { Menu } from '@mantine/core';
import { Fragment } from 'react';
import type { NavEntry } from './nav-entries';
import { NavMenuButton } from './NavMenuButton';
import { NavMenuItem } from './NavMenuItem';

const MORE_LABEL = 'More';

/**
 * The entries the main navigation has no room for (issue 34 §2): links as they are, a dropdown's
 * items under its name, so that every entry stays one click away at any width.
 */
export function MoreMenu({ entries, activeTo }: { entries: NavEntry[]; activeTo: string | undefined }) {
  const isActive = entries.some((entry) => (entry.kind === 'menu' ? entry.items : [entry]).some((item) => item.to !== undefined && item.to === activeTo));
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <NavMenuButton label={MORE_LABEL} isActive={isActive} />
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry, index) => (
          <Fragment key={entry.label}>
            {/* a dropdown's items stand apart, so that a link after them is not read as one of them */}
            {index > 0 && (entry.kind === 'menu' || entries[index - 1]!.kind === 'menu') && <Menu.Divider />}
            {entry.kind === 'menu' ? (
              <>
                <Menu.Label>{entry.label}</Menu.Label>
                {entry.items.map((item) => (
                  <NavMenuItem key={item.label} item={item} isActive={item.to !== undefined && item.to === activeTo} />
                ))}
              </>
            ) : (
              <NavMenuItem item={entry} isActive={entry.to !== undefined && entry.to === activeTo} />
            )}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
