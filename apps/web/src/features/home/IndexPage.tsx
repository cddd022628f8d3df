import { Button } from '@mantine/core';
import { IconArrowRight, IconBuildingStore } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-context';
import { appHref, loginRoute } from '../../app/auth/login-redirect';
import { routePath } from '../../app/routes';
import { PageLoader } from '../../ui/PageLoader';
import { HeroIllustration } from './HeroIllustration';
import { HomeHero } from './HomeHero';
import { HomeSections } from './HomeSections';
import { useHomeTheme } from './useHomeTheme';

/** The public landing page (route index); signed-in users go on to /home (spec 1 §2). */
export function IndexPage() {
  const { status } = useAuth();
  const theme = useHomeTheme();
  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated') return <Navigate to={routePath('home')} replace />;
  return (
    <>
      <HomeHero
        theme={theme}
        aside={<HeroIllustration />}
        actions={
          <>
            <Button component={Link} to={routePath('marketplace')} size="md" variant="white" leftSection={<IconBuildingStore size={18} />}>
              Explore the Marketplace
            </Button>
            {status === 'anonymous' && (
              <Button
                component={Link}
                to={loginRoute(appHref(routePath('home')))}
                size="md"
                variant="outline"
                color="white"
                rightSection={<IconArrowRight size={18} />}
              >
                Sign in to get started
              </Button>
            )}
          </>
        }
      />
      <HomeSections theme={theme} />
    </>
  );
}
