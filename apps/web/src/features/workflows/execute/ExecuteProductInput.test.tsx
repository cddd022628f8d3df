import { productInputUrl } from '@asb/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest } from '../../../test/fake-fetch';
import { catalogueHandler, scene } from '../../catalogue/test/catalogue-fixtures';
import { inputItem } from '../../executions/execute/test-inputs';
import { executeButton, renderExecutePage } from './execute-page-fixtures';

vi.mock('../../catalogue/browser/FootprintMap', async () => ({ FootprintMap: (await import('../../catalogue/test/FakeFootprintMap')).FakeFootprintMap }));

afterEach(() => vi.unstubAllGlobals());

// a valid default: a search in the browser must not submit the execute form around it
const GROUPS = [
  { node_id: 'ndvi', label: 'NDVI', items: [inputItem('scene', 'eo-product', { label: 'Scene', defaultValue: productInputUrl('demo-scenes', 'scene-0') })] },
];

function renderPage() {
  const catalogue = catalogueHandler({ total: 3 });
  return renderExecutePage({
    groups: GROUPS,
    other: (request) => {
      if (request.path === '/resource-catalogue/products/search') {
        const product = scene(1);
        return {
          body: {
            product_count: 1,
            product_list: [
              {
                id: product.id,
                collection: 'demo-scenes',
                source: 'local',
                title: 'Scene 1',
                datetime: product.properties.datetime,
                start_datetime: null,
                end_datetime: null,
                geometry: product.geometry,
                bbox: product.bbox,
                thumbnail: null,
                url: productInputUrl('demo-scenes', product.id),
                item: 'http://portal/resource-catalogue/stac/collections/demo-scenes/items/scene-1',
              },
            ],
          },
        };
      }
      return catalogue(request);
    },
  });
}

const postedValue = (calls: FakeRequest[]) => {
  const post = calls.find((call) => call.method === 'POST' && call.path === '/builder/v1/executions');
  return (post?.body as { inputs: { items: { value: string }[] }[] } | undefined)?.inputs[0]?.items[0]?.value;
};

describe('an EO-product input of the execute form', () => {
  it("takes the product chosen in the catalogue browser with 'Select as input', shows it and executes with its link", async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    expect(await within(await screen.findByTestId('chosen-product')).findByRole('link', { name: 'scene-0' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a product from the catalogue' });
    await user.click(await within(dialog).findByRole('button', { name: 'Draw a box' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Search' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const row = (await within(dialog).findByText('scene-2')).closest('tr')!;
    expect(calls.filter((call) => call.path === '/builder/v1/executions')).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Select as input' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const chosen = screen.getByTestId('chosen-product');
    expect(within(chosen).getByRole('link', { name: 'scene-2' })).toHaveAttribute('href', '/resource-catalogue/stac/collections/demo-scenes/items/scene-2');
    expect(await within(chosen).findByText('2024-01-03 10:30 · demo-scenes')).toBeInTheDocument();
    expect(within(chosen).getByRole('img', { name: 'Thumbnail of scene-2' })).toBeInTheDocument();

    await waitFor(() => expect(executeButton()).toBeEnabled());
    await user.click(executeButton());
    expect(await screen.findByRole('heading', { name: 'Executions list' })).toBeInTheDocument();
    expect(postedValue(calls)).toBe(productInputUrl('demo-scenes', 'scene-2'));
  });

  it("finds products in the Search products tab ('Found 1 product') and selects one as the input", async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Search products' }));
    const panel = screen.getByRole('tabpanel', { name: 'Search products' });
    const search = within(panel).getByRole('button', { name: 'Search for products' });
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Collection' })).toHaveValue('Demo scenes'));
    for (const [name, value] of [
      ['West', '4'],
      ['South', '50'],
      ['East', '5'],
      ['North', '52'],
    ] as const)
      await user.type(within(panel).getByRole('textbox', { name }), value);
    expect(search).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Pick Date range in a calendar' }));
    // the calendar opens on the current month
    await user.click(await screen.findByRole('button', { name: dayjs().date(1).format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: dayjs().date(20).format('D MMMM YYYY') }));
    await waitFor(() => expect(search).toBeEnabled());
    await user.click(search);
    expect(await within(panel).findByText('Found 1 product')).toBeInTheDocument();
    const body = calls.find((call) => call.path === '/resource-catalogue/products/search')?.body as { collection: string; boundingBox: number[] };
    expect(body).toMatchObject({ collection: 'demo-scenes', boundingBox: [4, 50, 5, 52] });

    await user.click(within(panel).getByRole('button', { name: 'Select as input' }));
    expect(screen.getByRole('tab', { name: 'Execute' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByTestId('chosen-product')).getByRole('link', { name: 'scene-1' })).toBeInTheDocument();
    await waitFor(() => expect(executeButton()).toBeEnabled());
  });
});
