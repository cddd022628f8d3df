import { Button, Container } from '@mantine/core';
import { IconBuildingStore, IconHierarchy3 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/auth-context';
import { routePath } from '../../app/routes';
import { HomeHero } from './HomeHero';
import { HomeSections } from './HomeSections';
import { LatestExecutionCard } from './LatestExecutionCard';
import { QuickLinks } from './QuickLinks';
import { useHomeTheme } from './useHomeTheme';

/** The signed-in home page (/home): a greeting, shortcuts, then the themed content. */
export function HomePage() {
  const { user, hasFeature } = useAuth();
  const theme = useHomeTheme();
  const name = user?.first_name || user?.username;
  return (
    <>
      <HomeHero
        theme={theme}
        title={name ? `Welcome back, ${name}` : undefined}
        aside={user ? <LatestExecutionCard username={user.username} /> : null}
        actions={
          <>
            {hasFeature('navbar-workflows') && (
              <Button component={Link} to={routePath('workflows')} size="md" variant="white" leftSection={<IconHierarchy3 size={18} />}>
                Open my workflows
              </Button>
            )}
            <Button component={Link} to={routePath('marketplace')} size="md" variant="outline" color="white" leftSection={<IconBuildingStore size={18} />}>
              Explore the Marketplace
            </Button>
          </>
        }
      />
      <Container size="lg" pt={48}>
        <QuickLinks />
      </Container>
      <HomeSections theme={theme} />
    </>
  );
}
