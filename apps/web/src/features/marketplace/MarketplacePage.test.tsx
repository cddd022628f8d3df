import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilterOption, MarketplaceResource } from '@asb/contracts';
import { fakeFetch, type FakeRequest } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render-with-providers';
import { MarketplacePage } from './MarketplacePage';

/** The browser EventSource with named events, as the live stream of the marketplace uses it. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {}

  emit(type: string, data: object) {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify({ type, ...data }) }));
    });
  }
}

function resource(type: MarketplaceResource['properties']['type'], title: string, overrides: Partial<MarketplaceResource> = {}): MarketplaceResource {
  const collection = type === 'workflow' ? 'dora:workflows' : 'esa:things';
  const identifier = type === 'workflow' ? 'asb:workflows:7' : title.toLowerCase().replace(/\W+/g, '-');
  return {
    id: `${type}:${collection}:${identifier}`,
    identifier,
    collection,
    collectionTitle: null,
    parentidentifier: collection,
    title,
    description: `About ${title}`,
    version: '1.0',
    logo: null,
    thumbnail: null,
    licence: null,
    keywords: ['water', 'FILTER:input-type:image', 'softwareVersion:1.0'],
    releaseNotes: null,
    date_creation: '2025-02-03T10:00:00Z',
    publisher: collection.split(':')[0]!,
    author: null,
    properties: { type },
    workflowId: type === 'workflow' ? 7 : null,
    isExecutable: type !== 'dataset',
    ...overrides,
  };
}

const FACETS: FilterOption[] = [
  { key: 'type', name: 'Type', values: ['dataset', 'model', 'workflow'], type: 'static' },
  { key: 'licence', name: 'Licence', values: ['MIT', 'Not specified'], type: 'properties' },
];

function marketplace(answer: (request: FakeRequest) => MarketplaceResource[]) {
  return fakeFetch((request) => {
    if (request.path === '/backend/v1/resource-filter-types') return { body: { data: FACETS } };
    if (request.path === '/backend/v1/catalogue-collections/published_resources') {
      const resources = answer(request);
      return { body: { data: { resources, collections: [], total: resources.length } } };
    }
    return undefined;
  });
}

const resourceCalls = (calls: FakeRequest[]) => calls.filter((call) => call.path === '/backend/v1/catalogue-collections/published_resources');

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('MarketplacePage', () => {
  it('shows a card per resource with Details, and Execute only for executable types; tags without the keyword conventions', async () => {
    marketplace(() => [
      resource('model', 'Land cover'),
      resource('model', 'Sketch', { isExecutable: false }),
      resource('dataset', 'Lakes'),
      resource('workflow', 'Flood chain'),
    ]);
    renderWithProviders(<MarketplacePage />);
    const model = await screen.findByRole('article', { name: 'Model: Land cover' });
    // a model without an ONNX file has nothing to run: Details only, as on its page
    const sketch = screen.getByRole('article', { name: 'Model: Sketch' });
    expect(within(sketch).getByRole('link', { name: 'Details' })).toBeInTheDocument();
    expect(within(sketch).queryByRole('link', { name: 'Execute' })).not.toBeInTheDocument();
    expect(within(model).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/collections/esa%3Athings/model_detail/land-cover');
    expect(within(model).getByRole('link', { name: 'Execute' })).toHaveAttribute('href', '/collections/esa%3Athings/model_execute/land-cover');
    expect(within(model).getByText('water')).toBeInTheDocument();
    expect(within(model).queryByText('FILTER:input-type:image')).not.toBeInTheDocument();
    const dataset = screen.getByRole('article', { name: 'Dataset: Lakes' });
    expect(within(dataset).queryByRole('link', { name: 'Execute' })).not.toBeInTheDocument();
    const workflow = screen.getByRole('article', { name: 'Workflow: Flood chain' });
    expect(within(workflow).getByRole('link', { name: 'Execute' })).toHaveAttribute('href', '/workflows/7/execute');
    expect(screen.getByTestId('marketplace-summary')).toHaveTextContent('4 resources');
  });

  it('sends the checked facet values and the search words, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { calls } = marketplace((request) => (request.query.get('query') === 'nothing' ? [] : [resource('model', 'Land cover')]));
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('article', { name: 'Model: Land cover' });
    expect(resourceCalls(calls)[0]!.query.get('filters')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Model' }));
    await waitFor(() => expect(resourceCalls(calls).at(-1)!.query.get('filters')).toBe('{"type":["model"]}'));
    await user.click(screen.getByRole('checkbox', { name: 'Not specified' }));
    await waitFor(() => expect(JSON.parse(resourceCalls(calls).at(-1)!.query.get('filters')!)).toEqual({ type: ['model'], licence: ['Not specified'] }));

    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nothing');
    await user.click(search);
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
    expect(resourceCalls(calls).at(-1)!.query.get('query')).toBe('nothing');
  });

  it('reads the resources again when the live stream says forceUpdate', async () => {
    let published = [resource('model', 'Land cover')];
    const { calls } = marketplace(() => published);
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('article', { name: 'Model: Land cover' });
    const stream = FakeEventSource.all.at(-1)!;
    expect(stream.url).toBe('/backend/live/_marketplace/');
    const before = resourceCalls(calls).length;

    published = [...published, resource('workflow', 'Flood chain')];
    stream.emit('forceUpdate', { reason: 'workflow' });
    expect(await screen.findByRole('article', { name: 'Workflow: Flood chain' })).toBeInTheDocument();
    expect(resourceCalls(calls).length).toBeGreaterThan(before);
  });

  it('says which words were searched when the server corrected misspelt ones', async () => {
    const user = userEvent.setup();
    fakeFetch((request) => {
      if (request.path === '/backend/v1/resource-filter-types') return { body: { data: FACETS } };
      if (request.path !== '/backend/v1/catalogue-collections/published_resources') return undefined;
      const misspelt = request.query.get('query') === 'vegatation';
      return {
        body: { data: { resources: [resource('model', 'Land cover')], collections: [], total: 1, ...(misspelt ? { corrected_query: 'vegetation' } : {}) } },
      };
    });
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('article', { name: 'Model: Land cover' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'vegatation');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('marketplace-summary')).toHaveTextContent('1 resource matching “vegetation” (nothing matched “vegatation”)'));
  });
});
