/** Spec 1 §3: the local settings and their defaults. */
export interface LocalSettings {
  developerMode: boolean;
  hideInstanceDetails: boolean;
  showConnectionState: boolean;
}

export const DEFAULT_SETTINGS: LocalSettings = {
  developerMode: false,
  hideInstanceDetails: true,
  showConnectionState: true,
};

/** Keeps known boolean settings from stored data; anything else falls back to the default. */
export function parseSettings(value: unknown): LocalSettings {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const pick = (key: keyof LocalSettings) => (typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_SETTINGS[key]);
  return {
    developerMode: pick('developerMode'),
    hideInstanceDetails: pick('hideInstanceDetails'),
    showConnectionState: pick('showConnectionState'),
  };
}
