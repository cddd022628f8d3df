import { productInputUrl, type ExecutionInputGroup } from '@asb/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render-with-providers';
import { catalogueHandler } from '../catalogue/test/catalogue-fixtures';
import { workflowInputRows } from '../executions/input-rows';
import { InputsTable } from './InputsTable';

vi.mock('../catalogue/product-input/FootprintMiniMap', () => ({
  FootprintMiniMap: ({ geometry, label }: { geometry: { coordinates: number[][][] }; label: string }) => (
    <output aria-label={label}>{JSON.stringify(geometry.coordinates[0]?.[0])}</output>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const item = (identifier: string, value: string, dataType: string) => ({
  identifier,
  label: identifier,
  value,
  data_type: dataType,
  user_visible: true,
  user_editable: true,
  description: '',
});

describe('InputsTable', () => {
  it('shows a product input by its id, linking to its STAC item, with its date and footprint', async () => {
    fakeFetch(catalogueHandler());
    const inputs: ExecutionInputGroup[] = [
      {
        node_id: 'ndvi',
        items: [
          item('scene', productInputUrl('demo-scenes', 'scene-2'), 'eo-product'),
          item('remote', 'https://earth-search.example/v1/collections/s2/items/S2B_31UFS', 'sentinel-2-product'),
          item('count', '3', 'integer'),
        ],
      },
    ];
    renderWithProviders(<InputsTable rows={workflowInputRows(inputs)} />);
    const table = screen.getByRole('table', { name: 'Inputs' });
    expect(within(table).getByRole('link', { name: 'scene-2' })).toHaveAttribute('href', '/resource-catalogue/stac/collections/demo-scenes/items/scene-2');
    expect(await within(table).findByText('2024-01-03 10:30 · demo-scenes')).toBeInTheDocument();
    expect(await within(table).findByRole('status', { name: 'Footprint of scene-2' })).toHaveTextContent('[4.2,51]');
    expect(within(table).getByRole('link', { name: 'S2B_31UFS' })).toHaveAttribute('href', 'https://earth-search.example/v1/collections/s2/items/S2B_31UFS');
    expect(within(table).getByText('3')).toBeInTheDocument();
  });
});
