import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MoreMenu } from './MoreMenu';
import type { NavEntry } from './nav-entries';

const ENTRIES: NavEntry[] = [
  { kind: 'link', label: 'Models', to: '/monitoring/models' },
  {
    kind: 'menu',
    label: 'Help',
    items: [
      { kind: 'link', label: 'Documentation', href: '/docs/' },
      { kind: 'link', label: 'About', to: '/' },
    ],
  },
];

describe('MoreMenu', () => {
  it("lists the entries the bar has no room for: a link as an item, a dropdown's items under its name", async () => {
    const user = userEvent.setup();
    renderWithProviders(<MoreMenu entries={ENTRIES} activeTo="/monitoring/models" />);
    const more = screen.getByRole('button', { name: 'More' });
    // the page shown is one of its entries: 'More' is highlighted as the bar's entry would be
    expect(more).toHaveAttribute('data-variant', 'light');
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Models' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByText('Help')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Documentation' })).toHaveAttribute('href', '/docs/');
    expect(within(menu).getByRole('menuitem', { name: 'About' })).toHaveAttribute('href', '/');
  });
});
