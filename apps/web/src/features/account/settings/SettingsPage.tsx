import { Container, SimpleGrid, Title } from '@mantine/core';
import { DisplaySettingsCard } from './DisplaySettingsCard';
import { InstanceCard } from './InstanceCard';

/** /settings, titled 'Framework and Settings'. */
export function SettingsPage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} size="h2" mb="lg">
        Framework and Settings
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <InstanceCard />
        <DisplaySettingsCard />
      </SimpleGrid>
    </Container>
  );
}
