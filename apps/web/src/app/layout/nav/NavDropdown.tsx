import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { NavMenuEntry } from './nav-entries';
import { NavMenuItem } from './NavMenuItem';

export function NavDropdown({ entry, activeTo }: { entry: NavMenuEntry; activeTo: string | undefined }) {
  const isActive = entry.items.some((item) => item.to !== undefined && item.to === activeTo);
  return (
    <Menu position="bottom-start" shadow="md" width={240}>
      <Menu.Target>
        <Button
          variant={isActive ? 'light' : 'subtle'}
          color={isActive ? undefined : 'dark'}
          size="compact-md"
          fw={500}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {entry.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entry.items.map((item) => (
          <NavMenuItem key={item.label} item={item} isActive={item.to !== undefined && item.to === activeTo} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
