import { Container, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/**
 * Areas that a later issue builds lead here until then.
 * @public (loaded lazily by the router, which knip does not follow)
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={2}>{title}</Title>
      <Paper withBorder radius="md" p="xl" mt="lg" ta="center" bg="gray.0">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" mx="auto">
          <IconTools size={26} aria-hidden />
        </ThemeIcon>
        <Text c="dimmed" mt="sm">
          This area is not available yet on this instance.
        </Text>
      </Paper>
    </Container>
  );
}
