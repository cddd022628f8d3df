import type { BandStatistics } from '@asb/contracts';
import { api } from '../../app/api/http';

/** Spec 1 §8: what the preview says when statistics or tilejson fail. */
export const PREVIEW_FAILED = 'Network response was not ok.';

/** Spec 1 §2 Map preview: the view before the raster's bounds are known, and the zoom range. */
export const MAP_START = { center: [0, 0] as [number, number], zoom: 1, minZoom: 0, maxZoom: 20 };
export const TILE_SIZE = 256;
const MARGIN = 0.1;

export type Bounds = [west: number, south: number, east: number, north: number];

/** The extent the map fits after loading: the bounds widened by 10% of their size on each side, within ±180 and ±90. */
export function fitExtent([west, south, east, north]: Bounds): Bounds {
  const dx = (east - west) * MARGIN;
  const dy = (north - south) * MARGIN;
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
  return [clamp(west - dx, 180), clamp(south - dy, 90), clamp(east + dx, 180), clamp(north + dy, 90)];
}

/**
 * How the values are stretched onto 0..255: the band's min and max (the spec's preview), or
 * its 2nd and 98th percentiles, which keep a few extreme pixels from greying out a scene.
 */
export type Stretch = 'min-max' | 'percentiles';

export interface PreviewOptions {
  /** 1-based bands: one (grey) or three (red, green, blue); band 1 by default */
  bands?: number[];
  stretch?: Stretch;
}

export interface PreviewLayer {
  tiles: string;
  bounds: Bounds;
  /** the range stretched, per band shown */
  rescale: [number, number][];
  /** how many bands the file has (the statistics answer one entry per band) */
  bandCount: number;
  minZoom?: number;
  maxZoom?: number;
}

function bandRange(statistics: BandStatistics | undefined, stretch: Stretch): [number, number] {
  const low = (stretch === 'percentiles' ? statistics?.percentile_2 : statistics?.min) ?? 0;
  const high = (stretch === 'percentiles' ? statistics?.percentile_98 : statistics?.max) ?? 1;
  return [low, high === low ? low + 1 : high];
}

/**
 * Spec 1 §7 Map preview: GET /cog/statistics?url= (b1.min, b1.max; it answers every band), then
 * /cog/tilejson.json?url=&rescale=min,max (bounds and the tiles URL). With other bands the
 * tilejson call names them (bidx) with one range each; the percentile stretch takes
 * percentile_2 and percentile_98 instead of min and max. Any failure throws PREVIEW_FAILED.
 */
export async function loadPreview(fileUrl: string, { bands = [1], stretch = 'min-max' }: PreviewOptions = {}, signal?: AbortSignal): Promise<PreviewLayer> {
  try {
    const isFirstBand = bands.length === 1 && bands[0] === 1;
    const statistics = await api('GET /cog/statistics', { query: { url: fileUrl }, signal });
    const rescale = bands.map((band) => bandRange(statistics[`b${band}`], stretch));
    const query = new URLSearchParams({ url: fileUrl });
    if (!isFirstBand) for (const band of bands) query.append('bidx', String(band));
    for (const range of rescale) query.append('rescale', range.join(','));
    const tilejson = await api('GET /cog/tilejson.json', { query, signal });
    const [tiles] = tilejson.tiles;
    if (!tiles) throw new Error('tilejson without tiles');
    return { tiles, bounds: tilejson.bounds, rescale, bandCount: Object.keys(statistics).length, minZoom: tilejson.minzoom, maxZoom: tilejson.maxzoom };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(PREVIEW_FAILED, { cause: error });
  }
}
