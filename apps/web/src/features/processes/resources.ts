import { MB_PER_GB, RESOURCE_DEFAULTS, RESOURCE_OPTIONS, type ProcessResources } from '@asb/contracts';

/** Resources as the forms show them: RAM and disk in GB (spec 2 §9); stored in MB. */
export interface ResourceChoice {
  cpus: number;
  ramGb: number;
  diskGb: number;
  gpus: number;
}

export type ResourceKey = keyof ResourceChoice;

export const DEFAULT_CHOICE: ResourceChoice = { ...RESOURCE_DEFAULTS };

export function choiceOf(resources: ProcessResources | null | undefined): ResourceChoice {
  if (!resources) return DEFAULT_CHOICE;
  return {
    cpus: resources.cpus,
    ramGb: Math.round((resources.ramMb / MB_PER_GB) * 100) / 100,
    diskGb: Math.round((resources.diskMb / MB_PER_GB) * 100) / 100,
    gpus: resources.gpus,
  };
}

export function resourcesOf(choice: ResourceChoice): ProcessResources {
  return { cpus: choice.cpus, ramMb: Math.round(choice.ramGb * MB_PER_GB), diskMb: Math.round(choice.diskGb * MB_PER_GB), gpus: choice.gpus };
}

/** The options of one resource; a stored value outside them is kept as an extra option, never lost. */
export function optionsOf(key: ResourceKey, current?: number): number[] {
  const options: number[] = [...RESOURCE_OPTIONS[key]];
  if (current !== undefined && !options.includes(current)) options.push(current);
  return options.sort((a, b) => a - b);
}

export const RESOURCE_LABELS: Record<ResourceKey, { label: string; unit: string }> = {
  cpus: { label: 'CPUs', unit: '' },
  ramGb: { label: 'RAM', unit: 'GB' },
  diskGb: { label: 'Disk', unit: 'GB' },
  gpus: { label: 'GPUs', unit: '' },
};

export const RESOURCE_KEYS: ResourceKey[] = ['cpus', 'ramGb', 'diskGb', 'gpus'];

export function formatChoice(key: ResourceKey, value: number): string {
  const { unit } = RESOURCE_LABELS[key];
  return unit ? `${value} ${unit}` : String(value);
}
