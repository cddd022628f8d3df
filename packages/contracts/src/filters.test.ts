import { describe, expect, it } from 'vitest';
import { formatFilterText, listQueryParams, parseFilterText } from './filters.js';

describe('parseFilterText', () => {
  it('splits name:value tokens from free text', () => {
    expect(parseFilterText('ownerId:alice flood map isArchived:false')).toEqual({
      search: 'flood map',
      filters: { ownerId: 'alice', isArchived: 'false' },
    });
  });
  it('keeps values that contain a colon', () => {
    expect(parseFilterText('identifier:urn:eop:x')).toEqual({ search: '', filters: { identifier: 'urn:eop:x' } });
  });
  it('treats a token without a name or value as text', () => {
    expect(parseFilterText(':x y:')).toEqual({ search: ':x y:', filters: {} });
  });
  it('is empty for blank input', () => {
    expect(parseFilterText('   ')).toEqual({ search: '', filters: {} });
  });
  it('round-trips through formatFilterText', () => {
    const text = 'ownerId:bob ndvi';
    expect(formatFilterText(parseFilterText(text))).toBe(text);
  });
});

describe('listQueryParams', () => {
  it('builds the JSON:API query of spec 1 §7', () => {
    const params = listQueryParams({ page: 2, pageSize: 20, sort: '-createdAt', search: 'ndvi', filters: { ownerId: 'bob' } });
    expect(params.toString()).toBe('page%5Bnumber%5D=2&page%5Bsize%5D=20&sort=-createdAt&filter%5Bsearch%5D=ndvi&filter%5BownerId%5D=bob');
  });
});
