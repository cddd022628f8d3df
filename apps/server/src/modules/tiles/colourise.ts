import { clipToByte, rescaleToByte, type Rescale } from './rescale.js';

/** How sampled values become colours: their stretch per band, and a colour map for one band. */
export interface ColourOptions {
  rescale?: Rescale[];
  /** 256 × RGBA, for one band */
  colormap?: Uint8Array;
}

/** Bands to RGBA bytes: one band grey (or through the colour map), three bands RGB; a pixel with no valid band is transparent. */
export function colourise(values: Float64Array[], options: ColourOptions): Uint8Array {
  const count = values[0]!.length;
  const rgba = new Uint8Array(count * 4);
  const toByte = (value: number, band: number) => {
    const range = options.rescale?.[band];
    return range ? rescaleToByte(value, range) : clipToByte(value);
  };
  if (values.length === 1) {
    const band = values[0]!;
    const table = options.colormap;
    for (let index = 0; index < count; index++) {
      const value = band[index]!;
      if (Number.isNaN(value)) continue;
      const byte = toByte(value, 0);
      const at = index * 4;
      if (table) {
        rgba[at] = table[byte * 4]!;
        rgba[at + 1] = table[byte * 4 + 1]!;
        rgba[at + 2] = table[byte * 4 + 2]!;
      } else {
        rgba[at] = rgba[at + 1] = rgba[at + 2] = byte;
      }
      rgba[at + 3] = 255;
    }
    return rgba;
  }
  for (let index = 0; index < count; index++) {
    let valid = false;
    for (let band = 0; band < 3; band++) {
      const value = values[band]![index]!;
      if (Number.isNaN(value)) continue;
      valid = true;
      rgba[index * 4 + band] = toByte(value, band);
    }
    if (valid) rgba[index * 4 + 3] = 255;
  }
  return rgba;
}
