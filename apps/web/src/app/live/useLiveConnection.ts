import { useSyncExternalStore } from 'react';
import type { LiveSnapshot } from './live-client';
import { liveClient } from './live';

/** The live connection state: connecting, connected or disconnected, and the error flag. */
export function useLiveConnection(): LiveSnapshot {
  return useSyncExternalStore(liveClient.subscribeState, liveClient.getSnapshot);
}
