import type { ExecutionInputGroup } from '@asb/contracts';

/** Where an execution ran, in WGS 84: west, south, east, north (a point has west = east, south = north). */
export type Area = [number, number, number, number];

const inRange = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;

function bboxOf(value: string): Area | undefined {
  const numbers = value.split(',').map((part) => Number(part.trim()));
  if (numbers.length !== 4) return undefined;
  const [west, south, east, north] = numbers as Area;
  if (!inRange(west, 180) || !inRange(east, 180) || !inRange(south, 90) || !inRange(north, 90) || west > east || south > north) return undefined;
  return [west, south, east, north];
}

/**
 * The areas an execution's inputs name (docs/dashboards.md "Executions map"): each `bbox` input,
 * and per node the longitudes and latitudes it takes (two of each make a box, one of each a point).
 */
export function executionAreas(inputs: ExecutionInputGroup[]): Area[] {
  const areas: Area[] = [];
  for (const group of inputs) {
    const longitudes: number[] = [];
    const latitudes: number[] = [];
    for (const item of group.items) {
      const value = item.value ?? '';
      if (item.data_type === 'bbox') {
        const box = bboxOf(value);
        if (box) areas.push(box);
      } else if (item.data_type === 'longitude' && value.trim() !== '' && inRange(Number(value), 180)) longitudes.push(Number(value));
      else if (item.data_type === 'latitude' && value.trim() !== '' && inRange(Number(value), 90)) latitudes.push(Number(value));
    }
    if (longitudes.length > 0 && latitudes.length > 0)
      areas.push([Math.min(...longitudes), Math.min(...latitudes), Math.max(...longitudes), Math.max(...latitudes)]);
  }
  return areas;
}
