import { notifications } from '@mantine/notifications';
import { NOTIFY_MS } from '@asb/contracts';
import { LiveClient } from './live-client';

/** Same host as the page; the same-origin token cookie authenticates the socket. */
function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/builder/live`;
}

/** The portal's single live-event client (STYLE.md #6). */
export const liveClient = new LiveClient({
  url: liveUrl,
  onGiveUp: () =>
    notifications.show({
      id: 'live-updates-failed',
      title: 'Error',
      message: 'Failed to connect to live updates',
      color: 'red',
      autoClose: NOTIFY_MS.error,
    }),
});
