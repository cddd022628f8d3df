import { Menu } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { NavLinkEntry } from './nav-entries';

/** One item of a navbar dropdown: an app route or a page outside the app (new tab). */
export function NavMenuItem({ item, isActive }: { item: NavLinkEntry; isActive?: boolean }) {
  if (item.to) {
    return (
      <Menu.Item component={Link} to={item.to} aria-current={isActive ? 'page' : undefined} fw={isActive ? 600 : undefined}>
        {item.label}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item component="a" href={item.href} target="_blank" rel="noreferrer" rightSection={<IconExternalLink size={14} aria-hidden />}>
      {item.label}
    </Menu.Item>
  );
}
