import { useEffect, useRef } from 'react';
import { Anchor, Container, Text, Title } from '@mantine/core';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/** Where the server publishes its OpenAPI document, generated from the contract (packages/contracts/src/api). */
const OPENAPI_URL = '/api/openapi.json';

/**
 * The API reference: Swagger UI (swagger-ui-dist, bundled, no CDN) rendering the server's own
 * OpenAPI document. This module is a page chunk of its own, so Swagger UI loads only here.
 */
export function ApiReferencePage() {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!target.current) return;
    SwaggerUI({ url: OPENAPI_URL, domNode: target.current, deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0 });
  }, []);
  return (
    <Container size="xl" py="lg">
      <Title order={1}>API reference</Title>
      <Text c="dimmed" mt="xs">
        Every call of this portal's HTTP API, from its OpenAPI document{' '}
        <Anchor href={OPENAPI_URL} target="_blank" rel="noreferrer">
          {OPENAPI_URL}
        </Anchor>
        . Programs sign in with <code>POST /usermgr/v1/token/</code> and send the token as <code>Authorization: Bearer …</code>; the{' '}
        <Anchor href="/docs/">user documentation</Anchor> explains the portal itself.
      </Text>
      <div ref={target} data-testid="api-reference" />
    </Container>
  );
}
