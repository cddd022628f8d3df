import { Menu } from '@mantine/core';
import type { NavMenuEntry } from './nav-entries';
import { NavMenuButton } from './NavMenuButton';
import { NavMenuItem } from './NavMenuItem';

export function NavDropdown({ entry, activeTo }: { entry: NavMenuEntry; activeTo: string | undefined }) {
  const isActive = entry.items.some((item) => item.to !== undefined && item.to === activeTo);
  return (
    <Menu position="bottom-start" shadow="md" width={240}>
      <Menu.Target>
        <NavMenuButton label={entry.label} isActive={isActive} />
      </Menu.Target>
      <Menu.Dropdown>
        {entry.items.map((item) => (
          <NavMenuItem key={item.label} item={item} isActive={item.to !== undefined && item.to === activeTo} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
