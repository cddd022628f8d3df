import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { WrapperGeneratorPage } from './WrapperGeneratorPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function page<T>(rows: T[]) {
  return { data: rows, meta: { pagination: { page: 1, pages: 1, count: rows.length } } };
}

const DATA_TYPES = Array.from({ length: 50 }, (_, i) => ({
  id: String(i + 1),
  attributes: { identifier: i === 45 ? 'string' : `type-${i + 1}`, label: i === 45 ? 'String' : `Type ${i + 1}` },
}));
const DEPENDENCIES = [
  { id: '1', attributes: { identifier: 'numpy', label: 'NumPy', isMain: false, requirements: [] } },
  { id: '2', attributes: { identifier: 'gdal', label: 'GDAL', isMain: true, requirements: ['numpy'] } },
];

function renderGenerator() {
  fakeFetch((request) => {
    if (request.path === '/knowledge/v1/data-types') return { body: page(DATA_TYPES) };
    if (request.path === '/knowledge/v1/software-dependencies') return { body: page(DEPENDENCIES) };
    return undefined;
  });
  renderWithProviders(<WrapperGeneratorPage />);
}

describe('WrapperGeneratorPage', () => {
  it('adds inputs and outputs named Input N / Output N with the data type at index 45', async () => {
    const user = userEvent.setup();
    renderGenerator();
    expect(screen.getByText('Create a wrapper to import a new process version')).toBeInTheDocument();
    const addInput = screen.getByRole('button', { name: 'Add input' });
    await waitFor(() => expect(addInput).toBeEnabled());
    await user.click(addInput);
    await user.click(screen.getByRole('button', { name: 'Add output' }));
    expect(screen.getByRole('textbox', { name: 'Name of input 1' })).toHaveValue('Input 1');
    expect(screen.getByRole('combobox', { name: 'Data type of input 1' })).toHaveValue('String');
    expect(screen.getByRole('textbox', { name: 'Name of output 1' })).toHaveValue('Output 1');
    const preview = screen.getByLabelText('Preview of process_wrapper.py');
    expect(preview).toHaveTextContent('{"name": "input_1", "data_type": "string"}');
    expect(preview).toHaveTextContent('"output_1": None');

    await user.click(screen.getByRole('button', { name: 'Remove input 1' }));
    expect(screen.queryByRole('textbox', { name: 'Name of input 1' })).not.toBeInTheDocument();
    expect(preview).toHaveTextContent('INPUTS = []');
  });

  it('adds the requirements of the main dependency and names a removed one as missing', async () => {
    const user = userEvent.setup();
    renderGenerator();
    await user.click(screen.getByRole('combobox', { name: 'Main dependency' }));
    await user.click(await screen.findByRole('option', { name: 'GDAL' }));
    const card = screen.getByRole('heading', { name: 'Software dependencies' }).parentElement!;
    expect(within(card).getAllByText('NumPy').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Preview of process_wrapper.py')).toHaveTextContent('DEPENDENCIES = ["gdal", "numpy"]');
    // Backspace in the empty search removes the last pill, as a keyboard user would
    await user.click(screen.getByRole('combobox', { name: 'Software dependencies' }));
    await user.keyboard('{Backspace}');
    expect(await screen.findByText('Missing requirement NumPy of GDAL')).toBeInTheDocument();
  });

  it("saves the preview as process_wrapper.py with 'Download wrapper'", async () => {
    const user = userEvent.setup();
    renderGenerator();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:wrapper');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('process_wrapper.py');
      expect(this.getAttribute('href')).toBe('blob:wrapper');
    });
    await user.click(screen.getByRole('button', { name: 'Download wrapper' }));
    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toContain('def execute(out_dir, **inputs):');
  });
});
