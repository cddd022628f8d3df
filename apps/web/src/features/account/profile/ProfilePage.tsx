import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../../app/auth/auth-context';
import { AccountDetailsCard } from './AccountDetailsCard';
import { DatastoreCredentialsCard } from './DatastoreCredentialsCard';
import { DatastoreWarning } from './DatastoreWarning';
import { PasswordChangeCard } from './PasswordChangeCard';
import { WorkspaceRolesCard } from './WorkspaceRolesCard';

/** /profile: the own account, read-only, with password change and datastore credentials (spec 2). */
export function ProfilePage() {
  const { user, datastoreChanged } = useAuth();
  if (!user) return null;
  return (
    <Container size="lg" py="xl">
      <Title order={1} size="h2">
        Profile
      </Title>
      <Text c="dimmed" mb="lg">
        {user.full_name || user.username}
      </Text>
      <Stack gap="lg">
        {!datastoreChanged && <DatastoreWarning />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <AccountDetailsCard user={user} />
              <WorkspaceRolesCard user={user} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <PasswordChangeCard />
              <DatastoreCredentialsCard />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
