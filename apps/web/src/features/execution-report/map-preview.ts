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

export interface PreviewLayer {
  tiles: string;
  bounds: Bounds;
  rescale: [number, number];
  minZoom?: number;
  maxZoom?: number;
}

/**
 * Spec 1 §7 Map preview: GET /cog/statistics?url= (b1.min, b1.max), then
 * /cog/tilejson.json?url=&rescale=min,max (bounds and the tiles URL). Any failure
 * throws PREVIEW_FAILED.
 */
export async function loadPreview(fileUrl: string, signal?: AbortSignal): Promise<PreviewLayer> {
  try {
    const statistics = await api('GET /cog/statistics', { query: { url: fileUrl }, signal });
    const min = statistics.b1?.min ?? 0;
    const max = statistics.b1?.max ?? 1;
    const rescale: [number, number] = [min, max === min ? min + 1 : max];
    const tilejson = await api('GET /cog/tilejson.json', { query: { url: fileUrl, rescale: rescale.join(',') }, signal });
    const [tiles] = tilejson.tiles;
    if (!tiles) throw new Error('tilejson without tiles');
    return { tiles, bounds: tilejson.bounds, rescale, minZoom: tilejson.minzoom, maxZoom: tilejson.maxzoom };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(PREVIEW_FAILED, { cause: error });
  }
}
