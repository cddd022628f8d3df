import { useSyncExternalStore } from 'react';
import type { LocalSettings } from './local-settings';
import { localStore, type LocalStore } from './local-store';

/** The persisted local settings and a setter that merges a patch. */
export function useLocalSettings(store: LocalStore = localStore): [LocalSettings, (patch: Partial<LocalSettings>) => void] {
  const settings = useSyncExternalStore(store.subscribe, () => store.getState().settings);
  return [settings, store.updateSettings];
}
