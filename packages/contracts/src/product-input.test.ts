import { describe, expect, it } from 'vitest';
import { parseProductInputUrl, productInputUrl } from './product-input.js';

describe('product input URL', () => {
  it('is a CSW GetRecords opensearch link naming the record, and parses back', () => {
    const url = productInputUrl('demo-scenes', 'scene 1/a');
    expect(url.startsWith('/resource-catalogue/csw?')).toBe(true);
    const query = new URLSearchParams(url.split('?')[1]);
    expect(query.get('request')).toBe('GetRecords');
    expect(query.get('mode')).toBe('opensearch');
    expect(query.get('recordids')).toBe('scene 1/a');
    expect(parseProductInputUrl(url)).toEqual({ collectionId: 'demo-scenes', itemId: 'scene 1/a' });
    expect(parseProductInputUrl(`https://portal.example${url}`)).toEqual({
      origin: 'https://portal.example',
      collectionId: 'demo-scenes',
      itemId: 'scene 1/a',
    });
  });

  it('reads a STAC item URL of either prefix, root-relative or absolute, as the item it names', () => {
    expect(parseProductInputUrl('/resource-catalogue/stac/collections/demo-scenes/items/scene%201')).toEqual({
      collectionId: 'demo-scenes',
      itemId: 'scene 1',
    });
    expect(parseProductInputUrl('https://portal.example/backend/catalogue/stac/collections/c/items/i/')).toEqual({
      origin: 'https://portal.example',
      collectionId: 'c',
      itemId: 'i',
    });
    expect(parseProductInputUrl('/resource-catalogue/stac/collections/c/items/%E0%A4%A')).toBeUndefined();
  });

  it('refuses other links and links naming no or several records', () => {
    expect(parseProductInputUrl('/resource-catalogue/stac/collections/c/items')).toBeUndefined();
    expect(parseProductInputUrl('/resource-catalogue/stac/collections/c/items/i/extra')).toBeUndefined();
    expect(parseProductInputUrl('/resource-catalogue/csw?request=GetRecords&recordids=a,b')).toBeUndefined();
    expect(parseProductInputUrl('/resource-catalogue/csw?request=GetRecords')).toBeUndefined();
    expect(parseProductInputUrl('/resource-catalogue/csw?request=GetCapabilities&recordids=a')).toBeUndefined();
    expect(parseProductInputUrl('S2B_MSIL2A_20240101T')).toBeUndefined();
  });
});
