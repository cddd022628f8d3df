import { Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const STEPS = [
  { title: 'Author', text: 'Write a process wrapper with the generator or import an existing application.' },
  { title: 'Compose', text: 'Connect processes into a workflow and choose which inputs users may change.' },
  { title: 'Run', text: 'Execute now, at an interval or on a cron schedule, here or on remote processing services.' },
  { title: 'Monitor', text: 'Follow progress live, inspect outputs on a map and share reports with your workspaces.' },
];

/** How work flows through the platform, in four steps. */
export function HomeSteps() {
  return (
    <section aria-labelledby="home-steps">
      <Title order={2} id="home-steps" ta="center" mb="xl">
        How it works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {STEPS.map((step, index) => (
          <Stack key={step.title} component="li" gap="xs">
            <Group gap="sm">
              <ThemeIcon size={36} radius="xl" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }} fw={700}>
                {index + 1}
              </ThemeIcon>
              <Title order={3} size="h4">
                {step.title}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {step.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </section>
  );
}
