import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import classes from './Home.module.css';
import type { Highlight } from './home-themes';

export function HomeHighlights({ highlights }: { highlights: Highlight[] }) {
  return (
    <section aria-labelledby="home-highlights">
      <Title order={2} id="home-highlights" ta="center" mb="xs">
        Everything a processing chain needs
      </Title>
      <Text c="dimmed" ta="center" maw={620} mx="auto" mb="xl">
        From the first line of code to results on a map, each step has its place in the portal.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {highlights.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="md" padding="lg" className={classes.card}>
            <ThemeIcon size={44} radius="md" variant="light">
              <Icon size={24} aria-hidden />
            </ThemeIcon>
            <Title order={3} size="h4" mt="md">
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
