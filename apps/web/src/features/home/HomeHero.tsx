import { Badge, Box, Container, Grid, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Home.module.css';
import type { HomeTheme } from './home-themes';

interface HomeHeroProps {
  theme: HomeTheme;
  /** replaces the theme headline, e.g. a greeting for a signed-in user */
  title?: string;
  actions: ReactNode;
  /** beside the text on wide screens: a decorative run signed out, the user's own latest one signed in */
  aside: ReactNode;
}

export function HomeHero({ theme, title, actions, aside }: HomeHeroProps) {
  return (
    <Box className={classes.hero} pos="relative" style={{ overflow: 'hidden' }}>
      <div className={classes.orbit} />
      <Container size="lg" py={{ base: 48, md: 80 }} pos="relative">
        <Grid gap={48} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Group gap="xs" mb="md">
              <Badge variant="white" color="indigo" size="lg">
                {theme.name}
              </Badge>
              {theme.environment && (
                <Badge variant="filled" color="orange" size="lg">
                  {theme.environment}
                </Badge>
              )}
            </Group>
            <Title order={1} fz={{ base: 32, md: 44 }} lh={1.15}>
              {title ?? theme.headline}
            </Title>
            <Text size="lg" mt="md" opacity={0.9}>
              {theme.tagline}
            </Text>
            <Group mt="xl" gap="sm">
              {actions}
            </Group>
          </Grid.Col>
          <Grid.Col span={5} visibleFrom="md">
            {aside}
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
