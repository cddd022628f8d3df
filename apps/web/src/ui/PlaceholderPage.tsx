import { Container, Text, Title } from '@mantine/core';

/** Areas that a later issue builds lead here until then. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This area is not available yet on this instance.
      </Text>
    </Container>
  );
}
