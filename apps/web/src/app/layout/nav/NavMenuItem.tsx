import { Menu, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { NavLinkEntry } from './nav-entries';

/** One item of a navbar dropdown: an app route, an external page (new tab) or an unavailable entry. */
export function NavMenuItem({ item, isActive }: { item: NavLinkEntry; isActive?: boolean }) {
  if (item.to) {
    return (
      <Menu.Item component={Link} to={item.to} aria-current={isActive ? 'page' : undefined} fw={isActive ? 600 : undefined}>
        {item.label}
      </Menu.Item>
    );
  }
  if (item.href) {
    return (
      <Menu.Item component="a" href={item.href} target="_blank" rel="noreferrer" rightSection={<IconExternalLink size={14} aria-hidden />}>
        {item.label}
      </Menu.Item>
    );
  }
  return (
    <Tooltip label={item.unavailableReason} position="left" withArrow>
      <div>
        <Menu.Item disabled>{item.label}</Menu.Item>
      </div>
    </Tooltip>
  );
}
