import { Alert, Text } from '@mantine/core';
import { CopyableValue } from '../../../ui/CopyableValue';

/** The password the server generated for a new account; it is shown this one time only. */
export function GeneratedPassword({ username, password }: { username: string; password?: string }) {
  if (!password) {
    return <Text size="sm">User {username} was created.</Text>;
  }
  return (
    <Alert color="yellow" variant="light" title="Generated password">
      <Text size="sm" mb="xs">
        Pass this password on to {username}. It is shown only once; the user can change it on the Profile page.
      </Text>
      <CopyableValue value={password} copyLabel="Copy password" testId="generated-password" />
    </Alert>
  );
}
