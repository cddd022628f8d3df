import { Anchor, Container, Group, Text } from '@mantine/core';
import { useAuth } from '../auth/auth-context';
import { brandName } from './brand-name';

const LINKS = [
  { label: 'Documentation', href: '/docs/' },
  { label: 'API reference', href: '/api/openapi.json' },
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
