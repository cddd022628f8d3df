import type { AppConfig } from './config.js';
import type { ExecutorKind } from './config-sections.js';

/** Whether this process does the once-per-machine work (a lone process does). */
export function isDesignatedProcess(config: Pick<AppConfig, 'processes'>): boolean {
  return config.processes?.designated !== false;
}

/** Whether this process runs the engine: ASB_ENGINE is not false and it is the designated one of its machine. */
export function runsEngine(config: Pick<AppConfig, 'engine' | 'processes'>): boolean {
  return config.engine.enabled !== false && isDesignatedProcess(config);
}

/** The executor the engine uses: ASB_EXECUTOR, else the queue when Redis is configured. */
export function executorKind(config: Pick<AppConfig, 'engine' | 'redisUrl'>): ExecutorKind {
  return config.engine.executor ?? (config.redisUrl ? 'queue' : 'local');
}
