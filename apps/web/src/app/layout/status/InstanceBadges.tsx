import { Badge, Group, Text } from '@mantine/core';
import { useAuth } from '../../auth/auth-context';
import { useDeveloperMode } from '../../settings/useDeveloperMode';
import { useLocalSettings } from '../../settings/useLocalSettings';
import { brandName } from '../brand-name';

/** Instance name and version (unless hidden by the local setting) and the DEVELOPER badge. */
export function InstanceBadges() {
  const { instance } = useAuth();
  const [settings] = useLocalSettings();
  const isDeveloperMode = useDeveloperMode();
  const showInstance = instance !== null && !settings.hideInstanceDetails;
  if (!showInstance && !isDeveloperMode) return null;
  // the brand beside the logo already says it when the instance is named after its theme ('ASB ASB v0.1.0')
  const isNamedByBrand = instance !== null && instance.name.trim().toLowerCase() === brandName(instance).toLowerCase();
  return (
    <Group gap={6} wrap="nowrap">
      {showInstance && (
        <Group gap={6} wrap="nowrap" data-testid="instance-details">
          {!isNamedByBrand && (
            <Text size="sm" fw={600} c="dimmed">
              {instance.name}
            </Text>
          )}
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
