import type { StacItem } from '@asb/contracts';

type StacAsset = StacItem['assets'][string];

/** One way to show an item on the map: an asset (a GeoTIFF) and its bands (one grey, or three as red, green, blue). */
export interface PreviewChoice {
  value: string;
  label: string;
  href: string;
  bands: number[];
}

const TRUE_COLOUR = ['red', 'green', 'blue'];
/** Per-band assets in the order a user looks at them: the visible bands, then near infrared. */
const BAND_ORDER = [...TRUE_COLOUR, 'nir'];

function isRaster(asset: StacAsset): boolean {
  if (asset.roles?.some((role) => role === 'thumbnail' || role === 'overview')) return false;
  return (asset.type ?? '').includes('image/tiff') || /\.tiff?($|\?)/i.test(asset.href);
}

/** The band names an asset declares: STAC 1.1 `bands` or the eo extension's `eo:bands` (common name first). */
function bandNames(asset: StacAsset): string[] {
  const declared = asset.bands ?? asset['eo:bands'];
  if (!Array.isArray(declared)) return [];
  return declared.map((band: unknown, index) => {
    const fields = (band ?? {}) as Record<string, unknown>;
    const name = fields['eo:common_name'] ?? fields.common_name ?? fields.name;
    return typeof name === 'string' ? name.toLowerCase() : `band ${index + 1}`;
  });
}

/**
 * The band choice of the preview: every single-band GeoTIFF asset (per-band assets such as
 * red, green, blue, nir, in that order), and for a multi-band asset a true-colour composite (when it names
 * its red, green and blue bands, else bands 1-3) and each of its bands. `bandCounts` are the
 * counts the statistics told for assets that declare no bands.
 */
export function previewChoices(item: Pick<StacItem, 'assets'>, bandCounts: Record<string, number> = {}): PreviewChoice[] {
  const composites: PreviewChoice[] = [];
  const singles: PreviewChoice[] = [];
  for (const [key, asset] of Object.entries(item.assets ?? {})) {
    if (!isRaster(asset)) continue;
    const names = bandNames(asset);
    const count = names.length || bandCounts[key] || 1;
    const title = asset.title ?? key;
    if (count === 1) {
      singles.push({ value: key, label: title, href: asset.href, bands: [1] });
      continue;
    }
    const rgb = TRUE_COLOUR.map((colour) => names.indexOf(colour) + 1);
    if (rgb.every((band) => band > 0))
      composites.push({ value: `${key}:rgb`, label: `${title}: true colour (red, green, blue)`, href: asset.href, bands: rgb });
    else if (count >= 3) composites.push({ value: `${key}:rgb`, label: `${title}: bands 1, 2, 3 as RGB`, href: asset.href, bands: [1, 2, 3] });
    for (let band = 1; band <= count; band += 1) {
      const name = names[band - 1];
      singles.push({
        value: `${key}:${band}`,
        label: `${title}: band ${band}${name && name !== `band ${band}` ? ` (${name})` : ''}`,
        href: asset.href,
        bands: [band],
      });
    }
  }
  const rank = (choice: PreviewChoice) => {
    const index = BAND_ORDER.indexOf(choice.value.toLowerCase());
    return index < 0 ? BAND_ORDER.length : index;
  };
  // a stable sort: assets of other names keep the item's order, after the known bands
  return [...composites, ...singles.sort((a, b) => rank(a) - rank(b))];
}
