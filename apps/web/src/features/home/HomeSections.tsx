import { Container, Stack } from '@mantine/core';
import type { HomeTheme } from './home-themes';
import { HomeHighlights } from './HomeHighlights';
import { HomeSteps } from './HomeSteps';

/** The themed content below the hero, shared by the public and the signed-in home page. */
export function HomeSections({ theme }: { theme: HomeTheme }) {
  return (
    <Container size="lg" py={64}>
      <Stack gap={72}>
        <HomeHighlights highlights={theme.highlights} />
        <HomeSteps />
      </Stack>
    </Container>
  );
}
