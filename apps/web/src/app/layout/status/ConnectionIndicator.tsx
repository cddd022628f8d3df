import { Badge, Tooltip } from '@mantine/core';
import { useAuth } from '../../auth/auth-context';
import type { LiveConnectionState } from '../../live/live-client';
import { useLiveConnection } from '../../live/useLiveConnection';
import { useLocalSettings } from '../../settings/useLocalSettings';

const LABELS: Record<LiveConnectionState, { text: string; color: string; hint: string }> = {
  connected: { text: 'connected - real-time updates', color: 'teal', hint: 'Pages update as soon as something changes' },
  connecting: { text: 'connecting..', color: 'yellow', hint: 'Connecting to the live update service' },
  disconnected: { text: 'disconnected', color: 'red', hint: 'Reload the page to try again' },
};

/** The optional live-connection indicator of spec 1 §2 (local setting showConnectionState). */
export function ConnectionIndicator() {
  const { status } = useAuth();
  const [settings] = useLocalSettings();
  const { state } = useLiveConnection();
  if (status !== 'authenticated' || !settings.showConnectionState) return null;
  const label = LABELS[state];
  return (
    <Tooltip label={label.hint} withArrow>
      <Badge variant="dot" color={label.color} size="lg" tt="none" fw={500} role="status">
        {label.text}
      </Badge>
    </Tooltip>
  );
}
