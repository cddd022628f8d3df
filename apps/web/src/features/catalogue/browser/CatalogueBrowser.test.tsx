import { INVALID_COORDINATE, type StacItem } from '@asb/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { catalogueHandler } from '../test/catalogue-fixtures';
import { CatalogueBrowser } from './CatalogueBrowser';

vi.mock('./FootprintMap', async () => ({ FootprintMap: (await import('../test/FakeFootprintMap')).FakeFootprintMap }));
vi.mock('../../../ui/map/RasterPreviewMap', () => ({
  RasterPreviewMap: ({ url, options }: { url: string; options: { bands: number[]; stretch: string } }) => (
    <output aria-label="Raster preview">{`${url} bands ${options.bands.join(',')} ${options.stretch}`}</output>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const searchButton = () => screen.getByRole('button', { name: 'Search' });
const field = (name: string) => screen.getByRole('textbox', { name });

async function typeBox(user: ReturnType<typeof userEvent.setup>, box: { west: string; south: string; east: string; north: string }) {
  for (const [name, value] of Object.entries(box)) {
    const input = field(name[0]!.toUpperCase() + name.slice(1));
    await user.clear(input);
    await user.type(input, value);
  }
}

function itemCalls(calls: ReturnType<typeof fakeFetch>['calls']) {
  return calls.filter((call) => call.path === '/resource-catalogue/collections/demo-scenes/items');
}

describe('CatalogueBrowser', () => {
  it('enables Search only with a start date, an end date, a collection and four valid coordinates', async () => {
    const user = userEvent.setup();
    fakeFetch(catalogueHandler());
    renderWithProviders(<CatalogueBrowser />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Collection' })).toHaveValue('Demo scenes'));
    expect(searchButton()).toBeDisabled();
    await typeBox(user, { west: '4', south: '95', east: '6', north: '52' });
    expect(screen.getByText(INVALID_COORDINATE)).toBeInTheDocument();
    expect(searchButton()).toBeDisabled();
    await user.clear(field('South'));
    await user.type(field('South'), '50');
    expect(screen.queryByText(INVALID_COORDINATE)).not.toBeInTheDocument();
    expect(searchButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Clear the start date' }));
    expect(searchButton()).toBeDisabled();

    // typed as well as picked: a day that does not exist says so when the field is left
    const start = screen.getByRole('textbox', { name: 'Start date' });
    await user.type(start, '2024-02-30');
    await user.tab();
    expect(await screen.findByText('“2024-02-30” is not a date: type it as YYYY-MM-DD.')).toBeInTheDocument();
    expect(searchButton()).toBeDisabled();
    await user.clear(start);
    await user.type(start, '2024-02-01');
    await user.tab();
    expect(start).toHaveValue('2024-02-01');
    expect(screen.queryByText(/is not a date/)).not.toBeInTheDocument();
    expect(searchButton()).toBeEnabled();
  });

  it('fills the four fields from a box drawn on the map, and moves the box when a field changes', async () => {
    const user = userEvent.setup();
    fakeFetch(catalogueHandler());
    renderWithProviders(<CatalogueBrowser />);
    await user.click(await screen.findByRole('button', { name: 'Draw a box' }));
    expect(field('West')).toHaveValue('4.1235');
    expect(field('South')).toHaveValue('50.5');
    expect(field('East')).toHaveValue('5.25');
    expect(field('North')).toHaveValue('51.75');
    expect(screen.getByRole('status', { name: 'Search box' })).toHaveTextContent('4.1235,50.5,5.25,51.75');
    await user.clear(field('North'));
    await user.type(field('North'), '52');
    expect(screen.getByRole('status', { name: 'Search box' })).toHaveTextContent('4.1235,50.5,5.25,52');
  });

  it("searches with the spec's query and pages through the results by offset", async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch(catalogueHandler({ total: 12 }));
    renderWithProviders(<CatalogueBrowser />);
    await user.click(await screen.findByRole('button', { name: 'Draw a box' }));
    await waitFor(() => expect(searchButton()).toBeEnabled());
    await user.click(searchButton());
    expect(await screen.findByText('Showing 1–10 of 12')).toBeInTheDocument();
    const first = itemCalls(calls)[0]!;
    expect(first.query.get('bbox')).toBe('4.1235,51.75,5.25,50.5');
    expect(first.query.get('datetime')).toMatch(/^2019-12-18T00:00:00Z\/\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect([first.query.get('limit'), first.query.get('offset'), first.query.get('f'), first.query.get('type')]).toEqual(['10', '0', 'json', 'dataset']);
    expect(within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(itemCalls(calls).at(-1)?.query.get('offset')).toBe('10');
    expect(screen.getByText('scene-11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1–10 of 12')).toBeInTheDocument();
  });

  it('highlights a footprint with its row, both ways, and opens the chosen product with a preview of its band and stretch', async () => {
    const user = userEvent.setup();
    fakeFetch(catalogueHandler({ total: 3 }));
    renderWithProviders(<CatalogueBrowser />);
    await user.click(await screen.findByRole('button', { name: 'Draw a box' }));
    await user.click(searchButton());
    const table = await screen.findByRole('table', { name: 'Products' });
    const row = within(table).getByText('scene-1').closest('tr')!;
    await user.hover(row);
    expect(screen.getByRole('button', { name: 'Footprint scene-1' })).toHaveAttribute('data-highlighted', 'true');
    await user.hover(screen.getByRole('button', { name: 'Footprint scene-2' }));
    expect(within(table).getByText('scene-2').closest('tr')).toHaveAttribute('data-highlighted', 'true');

    await user.click(screen.getByRole('button', { name: 'Footprint scene-2' }));
    const panel = screen.getByRole('region', { name: 'Product scene-2' });
    expect(within(panel).getByRole('link', { name: /STAC item/ })).toHaveAttribute('href', '/resource-catalogue/stac/collections/demo-scenes/items/scene-2');
    await user.click(within(panel).getByRole('button', { name: 'Preview on a map' }));
    expect(within(panel).getByRole('status', { name: 'Raster preview' })).toHaveTextContent(
      'http://portal/resource-catalogue/assets/demo-scenes/scene-2/red.tif bands 1 min-max',
    );
    await user.click(within(panel).getByRole('combobox', { name: 'Band' }));
    await user.click(await screen.findByRole('option', { name: 'nir' }));
    await user.click(within(panel).getByText('Percentiles 2 to 98'));
    expect(within(panel).getByRole('status', { name: 'Raster preview' })).toHaveTextContent(
      'http://portal/resource-catalogue/assets/demo-scenes/scene-2/nir.tif bands 1 percentiles',
    );
  });

  it("offers 'Select as input' on the rows when it chooses a workflow input", async () => {
    const user = userEvent.setup();
    fakeFetch(catalogueHandler({ total: 3 }));
    const chosen: [StacItem, string][] = [];
    renderWithProviders(<CatalogueBrowser onSelectAsInput={(item, collection) => chosen.push([item, collection])} />);
    await user.click(await screen.findByRole('button', { name: 'Draw a box' }));
    await user.click(searchButton());
    const row = (await screen.findByText('scene-2')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Select as input' }));
    expect(chosen.map(([item, collection]) => [item.id, collection])).toEqual([['scene-2', 'demo-scenes']]);
  });

  it("says 'Failed to fetch the available Catalogue collections' and 'Failed to reach Catalogue' when the catalogue fails", async () => {
    const user = userEvent.setup();
    fakeFetch(catalogueHandler({ failCollections: true }));
    const { unmount } = renderWithProviders(<CatalogueBrowser />);
    expect(await screen.findByText('Failed to fetch the available Catalogue collections')).toBeInTheDocument();
    unmount();

    fakeFetch(catalogueHandler({ failSearch: true }));
    renderWithProviders(<CatalogueBrowser />);
    await user.click(await screen.findByRole('button', { name: 'Draw a box' }));
    await waitFor(() => expect(searchButton()).toBeEnabled());
    await user.click(searchButton());
    expect(await screen.findByText('Failed to reach Catalogue')).toBeInTheDocument();
  });
});
