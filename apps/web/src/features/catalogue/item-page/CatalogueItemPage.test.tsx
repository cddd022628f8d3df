import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StacItem } from '@asb/contracts';
import { AuthContext } from '../../../app/auth/auth-context';
import { fakeAuth } from '../../../test/fake-auth';
import { fakeFetch } from '../../../test/fake-fetch';
import { testUser } from '../../../test/render-with-providers';
import { DatasetDetailPage, ModelDetailPage } from './CatalogueItemPage';
import { itemDescription, itemName, itemVersion, splitProperties } from './item-rules';

vi.mock('../product-input/FootprintMiniMap', () => ({ FootprintMiniMap: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

afterEach(() => vi.unstubAllGlobals());

const MODEL: StacItem = {
  type: 'Feature',
  stac_version: '1.0.0',
  stac_extensions: ['https://stac-extensions.github.io/mlm/v1.0.0/schema.json'],
  id: 'landcover',
  collection: 'esa:models',
  geometry: null,
  properties: {
    datetime: '2025-01-01T00:00:00Z',
    name: 'Land cover classifier',
    title: 'lc',
    abstract: 'Classifies pixels',
    keywords: ['softwareVersion:2.1'],
    'mlm:architecture': 'Thresholds',
    'dlm:inputs': [{ name: 'scene', label: 'Scene', type: 'tensor', 'tensor-spec': { dtype: 'float32', shape: [-1, 4, 64, 64] } }],
    'dlm:outputs': [{ id: 'classes', label: 'Classes', type: 'tensor', 'tensor-spec': { dtype: 'uint8', shape: [-1, 64, 64] } }],
    themes: [{ scheme: 'https://example.org/themes', concepts: [{ id: 'eo::land-cover', name: 'Land cover', url: 'https://example.org/land-cover' }] }],
    contacts: [{ name: 'Ada', organization: 'ESA', roles: ['pointOfContact'], emails: [{ value: 'ada@example.org', roles: ['work'] }] }],
  },
  links: [],
  assets: { model: { href: '/resource-catalogue/assets/esa:models/landcover/model.onnx', roles: ['mlm:model'] } },
} as StacItem;

const ITEM_PATH = '/resource-catalogue/stac/collections/esa:models/items/landcover';
const PUBLICATION_PATH = '/resource-catalogue/collections/esa:models/items/landcover/published';

function renderPage(
  kind: 'model' | 'dataset',
  item: StacItem,
  who: 'anonymous' | 'user' | 'developer',
  handler: Parameters<typeof fakeFetch>[0] = (request) => (decodeURIComponent(request.path) === ITEM_PATH ? { body: item } : undefined),
) {
  const path = kind === 'model' ? '/collections/esa:models/model_detail/landcover' : '/collections/esa:models/dataset_detail/landcover';
  fakeFetch(handler);
  const auth = who === 'anonymous' ? fakeAuth() : fakeAuth({ status: 'authenticated', user: testUser(), isDeveloper: who === 'developer' });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/collections/:id/model_detail/:modelId" element={<ModelDetailPage />} />
              <Route path="/collections/:id/dataset_detail/:datasetId" element={<DatasetDetailPage />} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('item rules (spec 3 §3)', () => {
  it('names by properties.name, then title, then id; describes by abstract, then description, then the top level; versions by version, then softwareVersion:, else not specified', () => {
    expect(itemName({ id: 'x', properties: { name: 'N', title: 'T' } })).toBe('N');
    expect(itemName({ id: 'x', properties: { title: 'T' } })).toBe('T');
    expect(itemName({ id: 'x', properties: {} })).toBe('x');
    expect(itemDescription({ properties: { abstract: 'A', description: 'D' } })).toBe('A');
    expect(itemDescription({ properties: { description: 'D' }, description: 'top' })).toBe('D');
    expect(itemDescription({ properties: {}, abstract: 'top abstract' })).toBe('top abstract');
    expect(itemVersion({ properties: { version: 3 } })).toBe('3');
    expect(itemVersion({ properties: { keywords: ['x', 'softwareVersion:1.4'] } })).toBe('1.4');
    expect(itemVersion({ properties: {} })).toBe('not specified');
    expect(splitProperties({ 'sci:doi': 'd', title: 't', 'mlm:name': 'm', 'eo:bands': [] }).groups.map((group) => group.prefix)).toEqual(['mlm', 'sci', 'eo']);
  });
});

describe('Model and dataset detail pages', () => {
  it('signed out: the public tabs of a model only, and neither Execute nor the service button', async () => {
    renderPage('model', MODEL, 'anonymous');
    expect(await screen.findByRole('heading', { name: 'Land cover classifier' })).toBeInTheDocument();
    expect(screen.getByText('v 2.1')).toBeInTheDocument();
    expect(screen.getAllByText('Classifies pixels').length).toBeGreaterThan(0);
    expect(tabNames()).toEqual(['Properties', 'Signature', 'Themes', 'Contacts', 'Links', 'Assets']);
    expect(screen.queryByRole('link', { name: 'Execute' })).not.toBeInTheDocument();
  });

  it('signed in: Training Details and Model as a Service besides, with their texts, the signature with tensor specs, Execute', async () => {
    const user = userEvent.setup();
    renderPage('model', MODEL, 'user');
    await screen.findByRole('heading', { name: 'Land cover classifier' });
    expect(tabNames()).toEqual(['Properties', 'Signature', 'Training Details', 'Themes', 'Contacts', 'Links', 'Assets', 'Model as a Service']);
    expect(screen.getByRole('link', { name: 'Execute' })).toHaveAttribute('href', '/collections/esa%3Amodels/model_execute/landcover');
    await user.click(screen.getByRole('tab', { name: 'Signature' }));
    const inputs = screen.getByRole('table', { name: 'Inputs' });
    expect(within(inputs).getByText('[-1, 4, 64, 64]')).toBeInTheDocument();
    expect(within(inputs).getByText('float32')).toBeInTheDocument();
    // a 4-D tensor with a first dimension of -1: the execute form takes an image (spec 3 §5)
    expect(within(inputs).getByText('an image or file')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Outputs' })).getByText('classes')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Training Details' }));
    expect(screen.getAllByText('Not available')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Model as a Service' }));
    expect(screen.getByText('This model cannot be deployed as a service.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Themes' }));
    expect(screen.getByRole('link', { name: 'Land cover' })).toHaveAttribute('href', 'https://example.org/land-cover');
    await user.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.getByRole('link', { name: 'ada@example.org' })).toHaveAttribute('href', 'mailto:ada@example.org');
  });

  it("the model's service: started from the status button, polled until it runs, the inference URL shown; stopped after 'Stop {name} Service?'", async () => {
    const user = userEvent.setup();
    const STATUS = '/backend/catalogue/stac/collections/esa:models/models/landcover';
    const infer = 'http://localhost/backend/catalogue/stac/maas/7/v2/models/landcover/infer';
    let state: Record<string, unknown> = { status: 'undeployed', model_proc_url: null, model_infer_url: null, model_proc_id: null };
    const calls: string[] = [];
    renderPage('model', MODEL, 'developer', (request) => {
      const path = decodeURIComponent(request.path);
      if (path === ITEM_PATH) return { body: MODEL };
      if (!path.startsWith(STATUS)) return undefined;
      const action = path.slice(STATUS.length + 1);
      calls.push(action);
      if (action === 'start') state = { status: 'deploying', model_proc_url: null, model_infer_url: null, model_proc_id: 'maas-7' };
      if (action === 'stop') state = { status: 'undeployed', model_proc_url: null, model_infer_url: null, model_proc_id: null };
      return { body: state };
    });
    await user.click(await screen.findByRole('button', { name: 'Service not started' }));
    // deploying: the button says so and cannot be pressed while it is polled
    expect(await screen.findByRole('button', { name: 'Model starting as a Service' })).toBeDisabled();
    expect(calls).toContain('start');
    state = { status: 'available', model_proc_url: infer.replace(/\/infer$/, ''), model_infer_url: infer, model_proc_id: 'maas-7' };
    expect(await screen.findByRole('button', { name: 'Model is running as a Service' }, { timeout: 20_000 })).toBeEnabled();
    expect(screen.getByTestId('inference-url')).toHaveTextContent(infer);
    await user.click(screen.getByRole('tab', { name: 'Model as a Service' }));
    expect(screen.getByText('maas-7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Model is running as a Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop Land cover classifier Service?' });
    expect(dialog).toHaveTextContent('Please confirm (or click outside this dialog to cancel)');
    await user.click(within(dialog).getByRole('button', { name: 'Stop the Service' }));
    expect(await screen.findByRole('button', { name: 'Service not started' })).toBeEnabled();
    expect(calls).toContain('stop');
  }, 40_000);

  it('a developer: Extensions grouped by prefix and Raw JSON too, and the ids to copy', async () => {
    const user = userEvent.setup();
    renderPage('model', MODEL, 'developer');
    await screen.findByRole('heading', { name: 'Land cover classifier' });
    expect(tabNames()).toEqual([
      'Properties',
      'Signature',
      'Training Details',
      'Themes',
      'Contacts',
      'Links',
      'Assets',
      'Extensions',
      'Model as a Service',
      'Raw JSON',
    ]);
    expect(screen.getByRole('button', { name: 'Copy the collection id' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Extensions' }));
    expect(screen.getByRole('region', { name: 'Extension mlm' })).toHaveTextContent('Thresholds');
    expect(screen.getByRole('region', { name: 'Extension dlm' })).toBeInTheDocument();
  });

  it('a dataset: Geometry and Dataset Usage when signed in; Links, Assets, Extensions and Raw JSON for developers, with the order button', async () => {
    const dataset = { ...MODEL, geometry: { type: 'Point', coordinates: [4, 51] } } as StacItem;
    renderPage('dataset', dataset, 'user');
    await screen.findByRole('heading', { name: 'Land cover classifier' });
    expect(tabNames()).toEqual(['Properties', 'Geometry', 'Themes', 'Contacts', 'Dataset Usage']);
    expect(screen.queryByRole('button', { name: 'Order this dataset' })).not.toBeInTheDocument();
  });

  it('a dataset seen by a developer', async () => {
    renderPage('dataset', MODEL, 'developer');
    await screen.findByRole('heading', { name: 'Land cover classifier' });
    expect(tabNames()).toEqual(['Properties', 'Geometry', 'Themes', 'Contacts', 'Links', 'Assets', 'Extensions', 'Dataset Usage', 'Raw JSON']);
    expect(screen.getByRole('button', { name: 'Order this dataset' })).toBeInTheDocument();
  });

  it("the collection's owner publishes the model to the marketplace and withdraws it; others see only whether it is listed", async () => {
    const user = userEvent.setup();
    const state = { published: false, listed: false, collection_public: true, editable: true, publisher: 'esa' };
    const puts: unknown[] = [];
    renderPage('model', MODEL, 'user', (request) => {
      const path = decodeURIComponent(request.path);
      if (path === ITEM_PATH) return { body: MODEL };
      if (path !== PUBLICATION_PATH) return undefined;
      if (request.method === 'PUT') {
        puts.push(request.body);
        const { published } = request.body as { published: boolean };
        Object.assign(state, { published, listed: published });
      }
      return { body: { data: state } };
    });
    await user.click(await screen.findByRole('button', { name: 'Publish to Marketplace' }));
    expect(await screen.findByText('On the Marketplace')).toBeInTheDocument();
    expect(puts).toEqual([{ published: true }]);
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByRole('button', { name: 'Publish to Marketplace' })).toBeInTheDocument();
    expect(screen.queryByText('On the Marketplace')).not.toBeInTheDocument();
    expect(puts).toEqual([{ published: true }, { published: false }]);
  });

  it('a private collection: Publish to Marketplace is disabled; a reader who may not publish sees no button', async () => {
    renderPage('model', MODEL, 'user', (request) => {
      const path = decodeURIComponent(request.path);
      if (path === ITEM_PATH) return { body: MODEL };
      if (path === PUBLICATION_PATH) return { body: { data: { published: false, listed: false, collection_public: false, editable: true, publisher: 'esa' } } };
      return undefined;
    });
    expect(await screen.findByRole('button', { name: 'Publish to Marketplace' })).toBeDisabled();
  });

  it('signed out on a listed model: the badge, no publication buttons', async () => {
    renderPage('model', MODEL, 'anonymous', (request) => {
      const path = decodeURIComponent(request.path);
      if (path === ITEM_PATH) return { body: MODEL };
      // mallory's collection esa:models: the publisher is who owns it, not the id's prefix (docs/marketplace.md)
      if (path === PUBLICATION_PATH)
        return { body: { data: { published: true, listed: true, collection_public: true, editable: false, publisher: 'mallory' } } };
      return undefined;
    });
    expect(await screen.findByText('On the Marketplace')).toBeInTheDocument();
    expect(screen.getByText('mallory · esa:models')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish to Marketplace' })).not.toBeInTheDocument();
  });

  it("shows what an extension's schema says of it and its fields when the server could read the schema", async () => {
    const user = userEvent.setup();
    const url = 'https://stac-extensions.github.io/mlm/v1.0.0/schema.json';
    renderPage('model', MODEL, 'developer', (request) => {
      const path = decodeURIComponent(request.path);
      if (path === ITEM_PATH) return { body: MODEL };
      if (path === '/resource-catalogue/extension-schema' && request.query.get('url') === url)
        return {
          body: {
            data: {
              url,
              title: 'Machine Learning Model',
              description: 'Describes a model',
              fields: [{ name: 'mlm:architecture', title: 'Architecture', description: 'The model family', type: 'string' }],
            },
          },
        };
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Land cover classifier' });
    await user.click(screen.getByRole('tab', { name: 'Extensions' }));
    const mlm = screen.getByRole('region', { name: 'Extension mlm' });
    expect(await within(mlm).findByText('Architecture — The model family')).toBeInTheDocument();
    expect(within(mlm).getByText('Machine Learning Model')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Extension schemas' })).getByText('Describes a model')).toBeInTheDocument();
  });

  it("Training Details lists the training run's parameters and metrics; a developer sees its experiment and run ids", async () => {
    const user = userEvent.setup();
    const trained = { ...MODEL, properties: { ...MODEL.properties, 'asb:run': { workspace: 'demo', experiment_id: 'land-cover', run_id: 'r1' } } } as StacItem;
    renderPage('model', trained, 'developer', (request) => {
      const path = decodeURIComponent(request.path);
      if (path === ITEM_PATH) return { body: trained };
      if (path === '/backend/v1/workspaces/demo/experiments/land-cover/runs/r1')
        return {
          body: {
            run: {
              info: { run_id: 'r1', experiment_id: 'land-cover' },
              data: { params: [{ key: 'epochs', value: '1500' }], metrics: [{ key: 'test_accuracy', value: 0.99617547 }], tags: [] },
            },
          },
        };
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Land cover classifier' });
    expect(screen.getByRole('button', { name: 'Copy land-cover' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy r1' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Training Details' }));
    expect(await screen.findByText('1500')).toBeInTheDocument();
    expect(screen.getByText('test_accuracy')).toBeInTheDocument();
    expect(screen.getByText('0.9962')).toBeInTheDocument();
    expect(screen.queryByText('Not available')).not.toBeInTheDocument();
  });
});
