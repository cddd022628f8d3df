import { Button, Group, Loader, Text } from '@mantine/core';
import { useAuth } from '../../auth/auth-context';
import { LoginControl } from './LoginControl';
import { UserMenu } from './UserMenu';

/** The right end of the navbar: one of the four authentication states of spec 1 §2. */
export function AccountControl() {
  const { status } = useAuth();
  if (status === 'loading') {
    return (
      <Group gap="xs" wrap="nowrap" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed" visibleFrom="sm">
          Waiting for the authentication service...
        </Text>
      </Group>
    );
  }
  if (status === 'undefined') return <Button disabled>Login disabled</Button>;
  if (status === 'anonymous') return <LoginControl />;
  return <UserMenu />;
}
