import type { StaffModelServiceItem } from '@asb/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders, testUser } from '../../test/render-with-providers';
import { ResourcesPage } from './ResourcesPage';

const STAC = '/backend/catalogue/stac';

function doraService(status: StaffModelServiceItem['status']): StaffModelServiceItem {
  return {
    name: 'Land cover classifier (demo)',
    started: '2026-11-27T10:00:00Z',
    ended: status === 'undeployed' ? '2026-11-27T11:00:00Z' : null,
    model_proc_id: 'maas-7',
    model_proc_url: null,
    model_infer_url: null,
    collection: 'demo-models',
    id: 'demo-land-cover',
    status,
    owner: 'dora',
  };
}

/** The staff's part of the Models as Services tab: every user's services, and a stop for any. */
describe('Resources Usage: every user’s services', () => {
  const serve = () => {
    let all = [doraService('available')];
    const fake = fakeFetch((request) => {
      if (request.path === `${STAC}/models/started`) return { body: { data: [] } };
      if (request.path === `${STAC}/maas/usage`) return { body: { maas: [] } };
      if (request.path === `${STAC}/models/usage`) return { body: { data: [] } };
      if (request.path === `${STAC}/maas/services`) return { body: { maas: all } };
      if (request.method === 'POST' && request.path === `${STAC}/maas/maas-7/stop`) {
        all = [];
        return { body: doraService('undeployed') };
      }
      return undefined;
    });
    return fake;
  };

  it('lets staff stop another user’s service after confirming', async () => {
    const fake = serve();
    const user = userEvent.setup();
    renderWithProviders(<ResourcesPage />, { user: testUser({ username: 'sam', is_staff: true }) });
    await user.click(screen.getByRole('tab', { name: 'Models as Services' }));
    const table = await screen.findByRole('table', { name: 'Every user’s services' });
    expect(await within(table).findByText('dora')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Stop the Service' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Stop dora’s Land cover classifier (demo) Service?' })).getByRole('button', {
        name: 'Stop the Service',
      }),
    );
    expect(await within(table).findByText('No model runs as a service.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST' && call.path === `${STAC}/maas/maas-7/stop`)).toBe(true);
  });

  it('shows a user without staff rights only their own services', async () => {
    const fake = serve();
    const user = userEvent.setup();
    renderWithProviders(<ResourcesPage />);
    await user.click(screen.getByRole('tab', { name: 'Models as Services' }));
    expect(await screen.findByRole('table', { name: 'Running services' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Every user’s services' })).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.path === `${STAC}/maas/services`)).toBe(false);
  });
});

/** The usage tables are drawn as the generic list draws its own: a failed call says so in its words. */
describe('Resources Usage: a call that fails', () => {
  it("says 'Something went wrong while fetching running services' and leaves the other tables as they are", async () => {
    fakeFetch((request) => {
      if (request.path === `${STAC}/models/started`) return { status: 500, body: { detail: 'Server Error' } };
      if (request.path === `${STAC}/maas/usage`) return { body: { maas: [] } };
      if (request.path === `${STAC}/models/usage`) return { body: { data: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ResourcesPage />);
    await user.click(screen.getByRole('tab', { name: 'Models as Services' }));
    const running = await screen.findByRole('table', { name: 'Running services' });
    expect(await within(running).findByText('Something went wrong while fetching running services')).toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: 'Services history' })).findByText('No service has ended yet.')).toBeInTheDocument();
  });
});
