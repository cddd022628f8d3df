import { isDeepStrictEqual } from 'node:util';
import {
  parseExecutionFileUrl,
  type BandStatistics,
  type BandSummary,
  type CompareChange,
  type ExecutionInputGroup,
  type ExecutionResultRecord,
  type ExecutionResults,
  type ExecutionResultTask,
  type InputDifference,
  type OutputDifference,
  type RasterComparison,
  type TaskDifference,
  type TaskRun,
} from '@asb/contracts';

/** The statistics read of each raster output, by its datastore URL; a string says why none could be read. */
export type RasterStatisticsByUrl = ReadonlyMap<string, Record<string, BandSummary> | string>;

/**
 * Rows keyed on both sides, in the left's order and then the right's own: `same`/`changed`
 * where both have the key, `removed` where only the left has it, `added` where only the right.
 */
function pairUp<T>(left: T[], right: T[], keyOf: (item: T) => string): { key: string; left: T | null; right: T | null }[] {
  const rights = new Map(right.map((item) => [keyOf(item), item]));
  const seen = new Set<string>();
  const pairs: { key: string; left: T | null; right: T | null }[] = [];
  for (const item of left) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ key, left: item, right: rights.get(key) ?? null });
  }
  for (const item of right) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ key, left: null, right: item });
  }
  return pairs;
}

/** b − a, when both are known. */
const difference = (a: number | null | undefined, b: number | null | undefined): number | null =>
  typeof a === 'number' && typeof b === 'number' ? b - a : null;

const presence = (left: unknown, right: unknown, isSame: () => boolean): CompareChange =>
  left === null ? 'added' : right === null ? 'removed' : isSame() ? 'same' : 'changed';

type InputItem = ExecutionInputGroup['items'][number] & { node_id: string };
const inputItems = (groups: ExecutionInputGroup[]): InputItem[] => groups.flatMap((group) => group.items.map((item) => ({ ...item, node_id: group.node_id })));

/**
 * The inputs of both, by node and identifier. A password value is masked on both sides and
 * never compared: telling whether two secrets are equal would say something about them.
 */
export function diffInputs(left: ExecutionInputGroup[], right: ExecutionInputGroup[]): InputDifference[] {
  return pairUp(inputItems(left), inputItems(right), (item) => `${item.node_id}\u0000${item.identifier}`).map((pair) => {
    const item = (pair.left ?? pair.right)!;
    const encrypted = pair.left?.encrypted === true || pair.right?.encrypted === true;
    return {
      node_id: item.node_id,
      identifier: item.identifier,
      label: item.label || item.identifier,
      change: presence(pair.left, pair.right, () => encrypted || pair.left!.value === pair.right!.value),
      left: pair.left?.value ?? null,
      right: pair.right?.value ?? null,
      encrypted,
    };
  });
}

/** The path of an execution file inside its execution's folder: the same output of two runs differs by the execution id only. */
const filePath = (value: unknown): string | undefined => (typeof value === 'string' ? parseExecutionFileUrl(value)?.encodedPath : undefined);

/** A GeoTIFF of the execution's datastore, whose statistics the tile service can read. */
const isRasterFile = (value: unknown): value is string => /\.tiff?$/i.test(filePath(value) ?? '');

/**
 * The raster outputs of an execution that are its own files: the ones whose statistics a
 * comparison reads. A task may return any string, the URL of another execution's file too.
 */
export function rasterUrls(results: ExecutionResults | null, executionId: number | string): string[] {
  const own = (url: string) => parseExecutionFileUrl(url)?.executionId === String(executionId);
  return (results?.data ?? [])
    .map((record) => record.value)
    .filter(isRasterFile)
    .filter(own);
}

/** What stands for the statistics of a raster not read: a file of another execution. */
const NOT_OWN = 'Not read: the output names a file of another execution.';

function compareRasters(leftUrl: string, rightUrl: string, statistics: RasterStatisticsByUrl): RasterComparison {
  const left = statistics.get(leftUrl) ?? NOT_OWN;
  const right = statistics.get(rightUrl) ?? NOT_OWN;
  const error = [left, right].find((side): side is string => typeof side === 'string');
  const leftBands: Record<string, BandSummary> = typeof left === 'object' ? left : {};
  const rightBands: Record<string, BandSummary> = typeof right === 'object' ? right : {};
  const bands = [...new Set([...Object.keys(leftBands), ...Object.keys(rightBands)])].map((band) => {
    const l = leftBands[band] ?? null;
    const r = rightBands[band] ?? null;
    return { band, left: l, right: r, meanDifference: difference(l?.mean, r?.mean) };
  });
  return { bands, ...(error !== undefined ? { error } : {}) };
}

function diffOutput(left: ExecutionResultRecord | null, right: ExecutionResultRecord | null, statistics: RasterStatisticsByUrl): OutputDifference {
  const record = (left ?? right)!;
  const base = { task_id: record.task_id, key: record.key, label: record.label, type: record.type, left: left?.value ?? null, right: right?.value ?? null };
  if (left && right && isRasterFile(left.value) && isRasterFile(right.value)) {
    const raster = compareRasters(left.value, right.value, statistics);
    // statistics that could not be read leave the path alone to compare: never 'same' on no evidence
    const isSame =
      raster.error === undefined && filePath(left.value) === filePath(right.value) && raster.bands.every((band) => isDeepStrictEqual(band.left, band.right));
    return { ...base, change: isSame ? 'same' : 'changed', comparedBy: 'raster', raster };
  }
  if (filePath(left?.value) !== undefined || filePath(right?.value) !== undefined) {
    return { ...base, change: presence(left, right, () => filePath(left!.value) === filePath(right!.value)), comparedBy: 'file' };
  }
  return { ...base, change: presence(left, right, () => isDeepStrictEqual(left!.value, right!.value)), comparedBy: 'value' };
}

/** The outputs of both, by task and key; rasters by their statistics (read beforehand: `statistics`). */
export function diffOutputs(left: ExecutionResults | null, right: ExecutionResults | null, statistics: RasterStatisticsByUrl): OutputDifference[] {
  return pairUp(left?.data ?? [], right?.data ?? [], (record) => `${record.task_id}\u0000${record.key}`).map((pair) =>
    diffOutput(pair.left, pair.right, statistics),
  );
}

/** Seconds to the tenth between a task's start and end; null until both are known. */
function taskDuration(task: ExecutionResultTask): number | null {
  if (!task.start_date || !task.end_date) return null;
  return Math.round((Date.parse(task.end_date) - Date.parse(task.start_date)) / 100) / 10;
}

const taskRun = (task: ExecutionResultTask | null): TaskRun | null => task && { state: task.state, duration: taskDuration(task), try_number: task.try_number };

/** The tasks of both (a child run's task by its run-qualified id), their states and durations. */
export function diffTasks(left: ExecutionResults | null, right: ExecutionResults | null): TaskDifference[] {
  return pairUp(left?.tasks ?? [], right?.tasks ?? [], (task) => task.task_id).map((pair) => {
    const task = (pair.left ?? pair.right)!;
    const l = taskRun(pair.left);
    const r = taskRun(pair.right);
    const seconds = difference(l?.duration, r?.duration);
    const durationDifference = seconds === null ? null : Math.round(seconds * 10) / 10;
    return {
      task_id: task.task_id,
      task_label: task.task_label,
      run: task.run,
      change: presence(l, r, () => l!.state === r!.state),
      left: l,
      right: r,
      durationDifference,
    };
  });
}

/** What a comparison keeps of the tile service's statistics of each band (`GET /cog/statistics`). */
export function bandSummaries(statistics: Record<string, BandStatistics>): Record<string, BandSummary> {
  return Object.fromEntries(
    Object.entries(statistics).map(([band, s]) => [band, { min: s.min, max: s.max, mean: s.mean, std: s.std, valid_percent: s.valid_percent }]),
  );
}
