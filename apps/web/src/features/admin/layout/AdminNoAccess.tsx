import { Button, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';

/**
 * What a signed-in user without staff rights sees at /admin/*: one clear page instead of forms
 * whose every action the server refuses (it does: every admin call needs staff rights).
 */
export function AdminNoAccess() {
  return (
    <Container size="sm" py={96} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="gray" mx="auto">
        <IconLock size={40} aria-hidden />
      </ThemeIcon>
      <Title order={1} mt="lg">
        No access to the administration
      </Title>
      <Text c="dimmed" mt="md">
        The administration is for staff accounts. Ask an administrator of this portal if you need to manage users or workspaces.
      </Text>
      <Group justify="center" mt="xl">
        <Button component={Link} to={routePath('index')} leftSection={<IconHome size={18} />}>
          Back to the home page
        </Button>
      </Group>
    </Container>
  );
}
