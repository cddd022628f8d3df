import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type NavMenuButtonProps = { label: string; isActive: boolean } & Omit<ComponentPropsWithoutRef<'button'>, 'color'>;

/**
 * The bar's button that opens a menu (a dropdown entry, More): highlighted when the page shown is
 * one of its items. It takes a ref and the props Menu.Target gives its child.
 */
export const NavMenuButton = forwardRef<HTMLButtonElement, NavMenuButtonProps>(function NavMenuButton({ label, isActive, ...others }, ref) {
  return (
    <Button
      ref={ref}
      {...others}
      variant={isActive ? 'light' : 'subtle'}
      color={isActive ? undefined : 'dark'}
      size="compact-md"
      fw={500}
      rightSection={<IconChevronDown size={14} aria-hidden />}
    >
      {label}
    </Button>
  );
});
