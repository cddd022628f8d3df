import type { User } from '@asb/contracts';
import { DEFAULT_SETTINGS, parseSettings, type LocalSettings } from './local-settings';

/** What the browser keeps between visits: the settings together with user and loggedIn (spec 1 §3). */
interface LocalState {
  settings: LocalSettings;
  user: User | null;
  loggedIn: boolean;
}

export const LOCAL_STATE_KEY = 'asb.local-state';

export interface LocalStore {
  getState(): LocalState;
  updateSettings(patch: Partial<LocalSettings>): void;
  setSession(user: User | null): void;
  subscribe(listener: () => void): () => void;
}

function read(storage: Storage | undefined): LocalState {
  try {
    const raw = storage?.getItem(LOCAL_STATE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<LocalState>) : {};
    return {
      settings: parseSettings(parsed.settings),
      user: parsed.user ?? null,
      loggedIn: parsed.loggedIn === true,
    };
  } catch {
    return { settings: DEFAULT_SETTINGS, user: null, loggedIn: false };
  }
}

/**
 * A tiny external store (read with useSyncExternalStore). Storage failures, such
 * as a full quota or a private window, keep the values in memory only.
 */
export function createLocalStore(storage: Storage | undefined): LocalStore {
  let state = read(storage);
  const listeners = new Set<() => void>();

  const commit = (next: LocalState) => {
    state = next;
    try {
      storage?.setItem(LOCAL_STATE_KEY, JSON.stringify(next));
    } catch {
      // kept in memory for this visit
    }
    listeners.forEach((listener) => listener());
  };

  // Another tab changed the settings: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOCAL_STATE_KEY) return;
    state = read(storage);
    listeners.forEach((listener) => listener());
  };

  return {
    getState: () => state,
    updateSettings: (patch) => commit({ ...state, settings: { ...state.settings, ...patch } }),
    setSession: (user) => commit({ ...state, user, loggedIn: user !== null }),
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export const localStore = createLocalStore(typeof window === 'undefined' ? undefined : window.localStorage);
