import { RESOURCE_DEFAULTS, type ProcessResources, type ProcessSignature } from '@asb/contracts';

const DEFAULT_RESOURCES: ProcessResources = {
  cpus: RESOURCE_DEFAULTS.cpus,
  ramMb: RESOURCE_DEFAULTS.ramGb * 1024,
  diskMb: RESOURCE_DEFAULTS.diskGb * 1024,
  gpus: RESOURCE_DEFAULTS.gpus,
};

/**
 * The resources a version gets: what the user set on the bucket (the Resources
 * sliders) wins over the wrapper's RESOURCES, which wins over the spec defaults.
 */
export function effectiveResources(bucketResources: ProcessResources | null, signature: ProcessSignature | null): ProcessResources {
  return bucketResources ?? signature?.resources ?? DEFAULT_RESOURCES;
}
