import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './local-settings';
import { createLocalStore, LOCAL_STATE_KEY } from './local-store';
import { useLocalSettings } from './useLocalSettings';

describe('local settings', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts from the spec defaults', () => {
    expect(createLocalStore(window.localStorage).getState().settings).toEqual({
      developerMode: false,
      hideInstanceDetails: true,
      showConnectionState: true,
    });
  });

  it('persists a change so the next visit reads it back', () => {
    createLocalStore(window.localStorage).updateSettings({ hideInstanceDetails: false });
    const nextVisit = createLocalStore(window.localStorage);
    expect(nextVisit.getState().settings).toEqual({ ...DEFAULT_SETTINGS, hideInstanceDetails: false });
  });

  it('keeps user and loggedIn together with the settings', () => {
    const store = createLocalStore(window.localStorage);
    store.updateSettings({ developerMode: true });
    store.setSession({ username: 'alice' } as never);
    const stored = JSON.parse(window.localStorage.getItem(LOCAL_STATE_KEY) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({ loggedIn: true, user: { username: 'alice' }, settings: { developerMode: true } });
    store.setSession(null);
    expect(createLocalStore(window.localStorage).getState()).toMatchObject({ loggedIn: false, user: null, settings: { developerMode: true } });
  });

  it('falls back to the defaults for unreadable or foreign data', () => {
    window.localStorage.setItem(LOCAL_STATE_KEY, '{not json');
    expect(createLocalStore(window.localStorage).getState().settings).toEqual(DEFAULT_SETTINGS);
    window.localStorage.setItem(LOCAL_STATE_KEY, JSON.stringify({ settings: { showConnectionState: 'yes', developerMode: true } }));
    expect(createLocalStore(window.localStorage).getState().settings).toEqual({ ...DEFAULT_SETTINGS, developerMode: true });
  });

  it('re-renders users of the hook when a setting changes', () => {
    const store = createLocalStore(window.localStorage);
    const { result } = renderHook(() => useLocalSettings(store));
    expect(result.current[0].showConnectionState).toBe(true);
    act(() => result.current[1]({ showConnectionState: false }));
    expect(result.current[0].showConnectionState).toBe(false);
  });
});
