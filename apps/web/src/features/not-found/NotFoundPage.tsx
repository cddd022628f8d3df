import { Button, Container, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconHome, IconMapPinOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { routePath } from '../../app/routes';

/** The catch-all page of spec 1 §2. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={96} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="gray" mx="auto">
        <IconMapPinOff size={40} aria-hidden />
      </ThemeIcon>
      <Text c="dimmed" fw={700} mt="lg" size="sm" tt="uppercase" lts={2}>
        Error 404
      </Text>
      <Title order={1} mt="xs">
        This page does not exist
      </Title>
      <Text c="dimmed" mt="md">
        There is nothing at{' '}
        <Text span ff="monospace">
          {pathname}
        </Text>
        . The link may be outdated or mistyped.
      </Text>
      <Group justify="center" mt="xl">
        <Button component={Link} to={routePath('index')} leftSection={<IconHome size={18} />}>
          Back to the home page
        </Button>
        <Button component={Link} to={routePath('marketplace')} variant="default" leftSection={<IconBuildingStore size={18} />}>
          Browse the Marketplace
        </Button>
      </Group>
    </Container>
  );
}
