import { useEffect, useEffectEvent } from 'react';
import type { LiveMessage } from './live-client';
import { liveClient } from './live';

/**
 * Runs `onMessage` for every live message of `type` while the component is
 * mounted, e.g. useLiveEvent('executionUpdate', () => refetch()).
 */
export function useLiveEvent(type: string, onMessage: (message: LiveMessage) => void): void {
  const handle = useEffectEvent(onMessage);
  useEffect(() => liveClient.subscribe(type, (message) => handle(message)), [type]);
}
