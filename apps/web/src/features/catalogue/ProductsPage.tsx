import { Container, Stack, Text, Title } from '@mantine/core';
import { CatalogueBrowser } from './browser/CatalogueBrowser';

/** /products (spec 1 §2 Catalogue browser): find EO products in the catalogue. */
export function ProductsPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Products
          </Title>
          <Text c="dimmed">Search the catalogue for EO products by collection, area and dates; preview a scene on the map.</Text>
        </div>
        <CatalogueBrowser />
      </Stack>
    </Container>
  );
}
