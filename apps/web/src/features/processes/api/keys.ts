/**
 * Query keys. Knowledge keys start like the generic list's source keys
 * ([prefix, type]) so that archiving a row in a list also refreshes the
 * process page, and the reverse.
 */
export const KNOWLEDGE = '/knowledge/v1';

export const PROCESSES_KEY = [KNOWLEDGE, 'processes'] as const;
export const VERSIONS_KEY = [KNOWLEDGE, 'process-versions'] as const;
export const BUCKETS_KEY = [KNOWLEDGE, 'process-buckets'] as const;
export const IMAGES_KEY = ['/resmgr/v1', 'process-images'] as const;

/** Files, properties and Dockerfile of one bucket (the importer). */
export function bucketContentKey(bucketId: string) {
  return ['/procimp', 'buckets', bucketId] as const;
}
