import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/auth-context';
import { routePath } from '../../app/routes';
import classes from './Home.module.css';
import { QUICK_LINKS } from './quick-links';

/** Shortcuts to the areas this instance enables. */
export function QuickLinks() {
  const { hasFeature } = useAuth();
  const links = QUICK_LINKS.filter((link) => !link.feature || hasFeature(link.feature));
  return (
    <section aria-labelledby="quick-links">
      <Title order={2} id="quick-links" size="h3" mb="md">
        Jump back in
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {links.map(({ route, title, text, icon: Icon }) => (
          <Card key={route} component={Link} to={routePath(route)} withBorder radius="md" padding="md" className={classes.card}>
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={40} radius="md" variant="light">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <div style={{ flex: 1 }}>
                <Text fw={600}>{title}</Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </div>
              <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
