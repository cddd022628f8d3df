import { describe, expect, it } from 'vitest';
import { previewChoices } from './preview-choices';

const tif = (href: string, extra: Record<string, unknown> = {}) => ({ href, type: 'image/tiff; application=geotiff; profile=cloud-optimized', ...extra });

describe('previewChoices', () => {
  it('offers each per-band asset, red first and near infrared last, and leaves the thumbnail out', () => {
    const choices = previewChoices({
      assets: {
        nir: tif('http://portal/a/nir.tif', { title: 'Near infrared' }),
        red: tif('http://portal/a/red.tif', { title: 'Red' }),
        thumbnail: { href: 'http://portal/a/thumb.png', type: 'image/png', roles: ['thumbnail'] },
      },
    });
    expect(choices.map((choice) => [choice.label, choice.href, choice.bands])).toEqual([
      ['Red', 'http://portal/a/red.tif', [1]],
      ['Near infrared', 'http://portal/a/nir.tif', [1]],
    ]);
  });

  it('offers a true-colour composite first for a multi-band asset naming its bands, then each band', () => {
    const bands = ['blue', 'green', 'red', 'nir'].map((name) => ({ name, 'eo:common_name': name }));
    const choices = previewChoices({ assets: { data: tif('http://portal/a/data.tif', { 'eo:bands': bands }) } });
    expect(choices[0]).toMatchObject({ label: 'data: true colour (red, green, blue)', bands: [3, 2, 1] });
    expect(choices.slice(1).map((choice) => choice.label)).toEqual(['data: band 1 (blue)', 'data: band 2 (green)', 'data: band 3 (red)', 'data: band 4 (nir)']);
  });

  it('takes the band count the statistics told for an asset that declares none', () => {
    const item = { assets: { data: tif('http://portal/a/data.tif') } };
    expect(previewChoices(item)).toHaveLength(1);
    expect(previewChoices(item, { data: 3 }).map((choice) => choice.bands)).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
