import { DEFAULT_PROCESS_RESOURCES, RESOURCE_OPTIONS_MB, type ProcessResources } from '@asb/contracts';
import { attributeErrors } from '../../platform/http/errors.js';

const NAMES: Record<keyof ProcessResources, string> = { cpus: 'CPUs', ramMb: 'RAM', diskMb: 'Disk', gpus: 'GPUs' };
const UNITS: Record<keyof ProcessResources, string> = { cpus: '', ramMb: ' MB', diskMb: ' MB', gpus: '' };

/**
 * The resources after a PATCH of some of them (spec 2 §9 options, RAM and disk in MB).
 * A value that changes must be an option; one sent back unchanged is kept even
 * outside the options (a wrapper may have declared it), so a form that sends the
 * whole object never fails on a field the user did not touch.
 */
export function changedResources(requested: Partial<ProcessResources>, stored: ProcessResources | null): ProcessResources {
  const current: ProcessResources = stored ?? { ...DEFAULT_PROCESS_RESOURCES };
  for (const key of Object.keys(NAMES) as (keyof ProcessResources)[]) {
    const value = requested[key];
    if (value === undefined || value === current[key]) continue;
    const options: readonly number[] = RESOURCE_OPTIONS_MB[key];
    if (!options.includes(value)) {
      throw attributeErrors({ resources: `${NAMES[key]} must be one of ${options.join(', ')}${UNITS[key]}.` });
    }
  }
  return { ...current, ...requested };
}
