import { Badge, Group, Text } from '@mantine/core';
import { useAuth } from '../../auth/auth-context';
import { useDeveloperMode } from '../../settings/useDeveloperMode';
import { useLocalSettings } from '../../settings/useLocalSettings';

/** Instance name and version (unless hidden by the local setting) and the DEVELOPER badge. */
export function InstanceBadges() {
  const { instance } = useAuth();
  const [settings] = useLocalSettings();
  const isDeveloperMode = useDeveloperMode();
  const showInstance = instance !== null && !settings.hideInstanceDetails;
  if (!showInstance && !isDeveloperMode) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {showInstance && (
        <Group gap={6} wrap="nowrap" data-testid="instance-details">
          <Text size="sm" fw={600} c="dimmed">
            {instance.name}
          </Text>
          <Badge variant="light" color="gray" tt="none">
            v{instance.asb_version}
          </Badge>
        </Group>
      )}
      {isDeveloperMode && (
        <Badge color="orange" variant="filled">
          DEVELOPER
        </Badge>
      )}
    </Group>
  );
}
