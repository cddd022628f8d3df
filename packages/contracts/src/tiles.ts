import { z } from 'zod';

/**
 * One band's statistics in TiTiler's shape (`GET /cog/statistics`, rio-tiler's
 * `get_array_statistics`); the values are null for a band without a single valid pixel.
 */
export const bandStatisticsSchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  count: z.number(),
  sum: z.number(),
  std: z.number().nullable(),
  median: z.number().nullable(),
  majority: z.number().nullable(),
  minority: z.number().nullable(),
  unique: z.number(),
  /** `[[counts], [edges]]` */
  histogram: z.tuple([z.array(z.number()), z.array(z.number())]),
  valid_percent: z.number(),
  masked_pixels: z.number(),
  valid_pixels: z.number(),
  percentile_2: z.number().nullable(),
  percentile_98: z.number().nullable(),
});
export type BandStatistics = z.infer<typeof bandStatisticsSchema>;

/** The statistics of the bands asked for, keyed `b1`, `b2`, …. */
export const cogStatisticsSchema = z.record(z.string().regex(/^b\d+$/), bandStatisticsSchema);

/** TileJSON 2.2.0 of a file, as TiTiler's `/cog/tilejson.json` answers it. */
export const tileJsonSchema = z.object({
  tilejson: z.literal('2.2.0'),
  name: z.string(),
  version: z.literal('1.0.0'),
  scheme: z.literal('xyz'),
  tiles: z.array(z.string()),
  minzoom: z.number().int(),
  maxzoom: z.number().int(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  center: z.tuple([z.number(), z.number(), z.number()]),
});
export type TileJson = z.infer<typeof tileJsonSchema>;
