import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { liveClient } from './live';

/** Keeps the live socket open while a user is signed in. */
export function LiveConnection() {
  const { status } = useAuth();
  useEffect(() => {
    if (status !== 'authenticated') return;
    liveClient.start();
    return () => liveClient.stop();
  }, [status]);
  return null;
}
