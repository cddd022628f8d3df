import { z } from 'zod';
import { TASK_STATES } from './tasks.js';

/**
 * Two executions side by side (issue 35 §3, docs/compare.md): `GET
 * /builder/v1/executions/compare?ids=a,b` answers what differs between `left` (a) and
 * `right` (b). Every list keeps the rows that did not change too, marked 'same', so that a
 * page can show the two reports side by side and highlight the others.
 */
export const COMPARE_CHANGES = ['same', 'changed', 'added', 'removed'] as const;
export type CompareChange = (typeof COMPARE_CHANGES)[number];
const change = z.enum(COMPARE_CHANGES).describe("'added': only in the right execution, 'removed': only in the left");

const comparedExecutionSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  /** what it runs: its report lives at the page of that kind */
  kind: z.enum(['workflow', 'application', 'model']),
  processorLabel: z.string(),
  processorVersion: z.number().int(),
  status: z.string(),
  ownerId: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** seconds; null until both times are known */
  duration: z.number().nullable(),
});
export type ComparedExecution = z.infer<typeof comparedExecutionSchema>;

const inputDifferenceSchema = z.object({
  node_id: z.string(),
  identifier: z.string(),
  label: z.string(),
  change,
  /** null where the execution has no such input */
  left: z.string().nullable(),
  right: z.string().nullable(),
  /** a password input: both values are served masked and never compared ('same') */
  encrypted: z.boolean(),
});
export type InputDifference = z.infer<typeof inputDifferenceSchema>;

/** A band's statistics as the tile service reads them (GET /cog/statistics, its defaults). */
const bandSummarySchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  std: z.number().nullable(),
  valid_percent: z.number(),
});
export type BandSummary = z.infer<typeof bandSummarySchema>;

const rasterComparisonSchema = z.object({
  bands: z.array(
    z.object({
      band: z.string(),
      left: bandSummarySchema.nullable(),
      right: bandSummarySchema.nullable(),
      /** right's mean minus left's; null when either is unknown */
      meanDifference: z.number().nullable(),
    }),
  ),
  /** why one side's statistics could not be read (not a GeoTIFF, over the pixel budget, too many rasters) */
  error: z.string().optional(),
});
export type RasterComparison = z.infer<typeof rasterComparisonSchema>;

const outputDifferenceSchema = z.object({
  task_id: z.string(),
  key: z.string(),
  label: z.string(),
  type: z.string(),
  change,
  /**
   * how the two were compared: 'value' (equal JSON), 'file' (a file of each execution: its path
   * in the execution's folder, the contents not read), 'raster' (a GeoTIFF of each: its path and
   * per-band statistics)
   */
  comparedBy: z.enum(['value', 'file', 'raster']),
  /** the output's value in each execution (a file's datastore URL); null where it has none */
  left: z.unknown(),
  right: z.unknown(),
  raster: rasterComparisonSchema.optional(),
});
export type OutputDifference = z.infer<typeof outputDifferenceSchema>;

const taskRunSchema = z.object({
  state: z.enum(TASK_STATES),
  /** seconds, to the tenth; null until the task has started and ended */
  duration: z.number().nullable(),
  try_number: z.number().int(),
});
export type TaskRun = z.infer<typeof taskRunSchema>;

const taskDifferenceSchema = z.object({
  task_id: z.string(),
  task_label: z.string(),
  run: z.string(),
  /** 'changed': the state differs (a duration always does a little: see durationDifference) */
  change,
  left: taskRunSchema.nullable(),
  right: taskRunSchema.nullable(),
  /** right's duration minus left's, seconds; null when either is unknown */
  durationDifference: z.number().nullable(),
});
export type TaskDifference = z.infer<typeof taskDifferenceSchema>;

export const executionComparisonSchema = z.object({
  left: comparedExecutionSchema,
  right: comparedExecutionSchema,
  inputs: z.array(inputDifferenceSchema),
  outputs: z.array(outputDifferenceSchema),
  tasks: z.array(taskDifferenceSchema),
});
export type ExecutionComparison = z.infer<typeof executionComparisonSchema>;
