import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { jsonApiSource } from './jsonapi-source';
import { listParamsOf } from './list-query';

afterEach(() => vi.unstubAllGlobals());

const empty = { data: [], meta: { pagination: { page: 1, pages: 1, count: 0 } } };

describe('jsonApiSource', () => {
  it('turns the filter box text into JSON:API query parameters', async () => {
    const { calls } = fakeFetch(() => ({ body: empty }));
    const source = jsonApiSource('/knowledge/v1', 'workspaces');
    await source.list(listParamsOf('ownerId:bob inWorkspace:true sea ice', 2, 20, '-identifier'));
    expect(calls[0]!.path).toBe('/knowledge/v1/workspaces');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      'page[number]': '2',
      'page[size]': '20',
      sort: '-identifier',
      'filter[search]': 'sea ice',
      'filter[ownerId]': 'bob',
      'filter[inWorkspace]': 'true',
    });
  });

  it('sends no search parameter without free text', async () => {
    const { calls } = fakeFetch(() => ({ body: empty }));
    await jsonApiSource('/knowledge/v1', 'workspaces').list(listParamsOf('isArchived:false', 1, 20));
    expect(calls[0]!.query.has('filter[search]')).toBe(false);
    expect(calls[0]!.query.get('filter[isArchived]')).toBe('false');
  });

  it('shares through the workspaces relationship and archives through /archive', async () => {
    const { calls } = fakeFetch(() => ({ body: { data: {} } }));
    const source = jsonApiSource('/knowledge/v1', 'workflows');
    await source.share!('7', ['1', '2']);
    await source.setArchived!('7', true);
    await source.setArchived!('7', false);
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/knowledge/v1/workflows/7',
      body: {
        data: {
          type: 'workflows',
          id: '7',
          relationships: {
            workspaces: {
              data: [
                { type: 'workspaces', id: '1' },
                { type: 'workspaces', id: '2' },
              ],
            },
          },
        },
      },
    });
    expect(calls[1]).toMatchObject({ method: 'PATCH', path: '/knowledge/v1/workflows/7/archive' });
    expect(calls[2]).toMatchObject({ method: 'PATCH', path: '/knowledge/v1/workflows/7/unarchive' });
  });
});
