import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useAuth } from '../../../app/auth/auth-context';
import { useLocalSettings } from '../../../app/settings/useLocalSettings';

/** The local settings of spec 2 Settings; they stay in this browser. */
export function DisplaySettingsCard() {
  const { isStaff } = useAuth();
  const [settings, updateSettings] = useLocalSettings();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        Settings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Saved in this browser.
      </Text>
      <Stack gap="md">
        {isStaff && (
          <Switch
            label="Developer mode"
            description="Shows technical details such as Dockerfiles"
            checked={settings.developerMode}
            onChange={(event) => updateSettings({ developerMode: event.currentTarget.checked })}
          />
        )}
        <Switch
          label="Show connection state in the navigation bar"
          checked={settings.showConnectionState}
          onChange={(event) => updateSettings({ showConnectionState: event.currentTarget.checked })}
        />
        <Switch
          label="Show instance details in the navigation bar"
          checked={!settings.hideInstanceDetails}
          onChange={(event) => updateSettings({ hideInstanceDetails: !event.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
