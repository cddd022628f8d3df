import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { routePath } from '../routes';
import { brandName } from './brand-name';

/** Pages outside the app (new tab): the standards this portal speaks. */
const LINKS = [
  { label: 'OGC API - Processes', href: 'https://ogcapi.ogc.org/processes/' },
  { label: 'STAC', href: 'https://stacspec.org/' },
  { label: 'Copernicus', href: 'https://www.copernicus.eu/' },
];

export function Footer() {
  const { instance } = useAuth();
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}>
      <Container size="xl" py="md">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {brandName(instance)} Earth-observation processing platform
          </Text>
          <Group gap="lg" component="nav" aria-label="Footer">
            {/* the user documentation is served beside the app, at /docs/ */}
            <Anchor href="/docs/" target="_blank" size="sm" c="dimmed">
              Documentation
            </Anchor>
            <Anchor component={Link} to={routePath('apiReference')} size="sm" c="dimmed">
              API reference
            </Anchor>
            {LINKS.map((link) => (
              <Anchor key={link.label} href={link.href} target="_blank" rel="noreferrer" size="sm" c="dimmed">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
