import type { AppConfig } from '../../config.js';
import { detailError } from './errors.js';

/**
 * A theme feature the page hides when it is off is refused here too (docs/configuration.md):
 * 403 naming the feature, so that an API client learns why, and nothing is written.
 */
export function requireFeature(config: Pick<AppConfig, 'themeFeatures'>, feature: string, what: string): void {
  if (!config.themeFeatures.includes(feature)) throw detailError(403, `${what} is switched off on this instance (theme feature ${feature}).`);
}
