import { useEffect, useRef } from 'react';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/**
 * Swagger UI (swagger-ui-dist, bundled, no CDN) over the document the page already read: the
 * interactive part of the API reference, a chunk of its own that loads only when asked for
 * (426 KB gzip). An operation named in the address (`#/{tag}/{operationId}`) opens expanded.
 */
export function SwaggerExplorer({ document }: { document: Record<string, unknown> }) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!target.current) return;
    SwaggerUI({ spec: document, domNode: target.current, deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0 });
  }, [document]);
  return <div ref={target} data-testid="api-explorer" />;
}
