import { describe, expect, it } from 'vitest';
import { collectionRequestKeywords, GEOMETRY_HINT, JSON_HINT, jsonFieldError, normalizeCollectionIdentifier } from './collection-requests.js';

describe('collection requests (spec 3 §5)', () => {
  it('normalises the identifier: prefix stripped, trimmed, lowercased, accents transliterated, separators and spaces to hyphens, the rest removed, prefix back', () => {
    const cases: [string, string][] = [
      ['Sentinel-2 L2A', 'urn:eop:MEPWPS:sentinel-2-l2a'],
      ['  urn:eop:MEPWPS:Sentinel-2 L2A  ', 'urn:eop:MEPWPS:sentinel-2-l2a'],
      ['URN:EOP:MEPWPS:urn:eop:MEPWPS:twice', 'urn:eop:MEPWPS:twice'],
      ['Évapotranspiration Île-de-France', 'urn:eop:MEPWPS:evapotranspiration-ile-de-france'],
      ['Straße_Größe.v1', 'urn:eop:MEPWPS:strasse-grosse-v1'],
      ['Łódź / Kraków', 'urn:eop:MEPWPS:lodz-krakow'],
      ['a  --  b___c', 'urn:eop:MEPWPS:a-b-c'],
      ['soil moisture (daily) @ 1km!', 'urn:eop:MEPWPS:soil-moisture-daily-1km'],
      ['NDVI — Europe', 'urn:eop:MEPWPS:ndvi-europe'],
      ['tab\tand\nnewline', 'urn:eop:MEPWPS:tab-and-newline'],
      ['-leading and trailing-', 'urn:eop:MEPWPS:leading-and-trailing'],
      ['urn:eop:MEPWPS:', ''],
      ['!!!', ''],
      ['', ''],
    ];
    for (const [given, expected] of cases) expect([given, normalizeCollectionIdentifier(given)]).toEqual([given, expected]);
    // normalising again changes nothing
    for (const [, expected] of cases) expect(normalizeCollectionIdentifier(expected)).toBe(expected);
  });

  it('separates keywords by spaces and always adds MEP-WPS once', () => {
    expect(collectionRequestKeywords('ndvi  europe')).toEqual(['ndvi', 'europe', 'MEP-WPS']);
    expect(collectionRequestKeywords('MEP-WPS ndvi')).toEqual(['MEP-WPS', 'ndvi']);
    expect(collectionRequestKeywords('')).toEqual(['MEP-WPS']);
    expect(collectionRequestKeywords(['a b', 'c'])).toEqual(['a', 'b', 'c', 'MEP-WPS']);
  });

  it('flags JSON fields that do not parse, and a geometry that is not coordinates in double square brackets', () => {
    expect(jsonFieldError('contactPoint', '')).toBeUndefined();
    expect(jsonFieldError('contactPoint', '{"name": "Ada"}')).toBeUndefined();
    expect(jsonFieldError('distribution', '{name: Ada}')).toBe(JSON_HINT);
    expect(jsonFieldError('geometry', '[[4.3, 51.1], [4.5, 51.1], [4.5, 51.3], [4.3, 51.1]]')).toBeUndefined();
    expect(jsonFieldError('geometry', '[4.3, 51.1]')).toBe(GEOMETRY_HINT);
    expect(jsonFieldError('geometry', '{"type": "Point"}')).toBe(GEOMETRY_HINT);
    expect(jsonFieldError('geometry', '[[4.3]]')).toBe(GEOMETRY_HINT);
    expect(jsonFieldError('geometry', 'not json')).toBe(GEOMETRY_HINT);
  });
});
