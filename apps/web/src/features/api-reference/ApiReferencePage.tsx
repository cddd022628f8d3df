import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Loader, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/http';
import { OperationList } from './OperationList';
import { filterOperations, operationGroups, type ApiOperation } from './openapi-operations';

/** Where the server publishes its OpenAPI document, generated from the contract (packages/contracts/src/api). */
const OPENAPI_URL = '/api/openapi.json';

// Swagger UI is 426 KB gzip: it loads when someone asks to try a call, never before the list shows
const SwaggerExplorer = lazy(() => import('./SwaggerExplorer').then((module) => ({ default: module.SwaggerExplorer })));

/**
 * The API reference (issue 34 §4): the operations of the server's own OpenAPI document listed
 * plainly at once, and the interactive explorer (Swagger UI) loaded on demand, opened at the
 * operation asked for.
 */
export function ApiReferencePage() {
  const openapi = useQuery({ queryKey: [OPENAPI_URL], queryFn: ({ signal }) => api('GET /api/openapi.json', { signal }), staleTime: Infinity });
  const [query, setQuery] = useState('');
  const [isInteractive, setInteractive] = useState(false);
  const groups = useMemo(() => (openapi.data ? operationGroups(openapi.data.paths) : []), [openapi.data]);
  const shown = useMemo(() => filterOperations(groups, query), [groups, query]);
  const count = groups.reduce((sum, group) => sum + group.operations.length, 0);

  const tryOperation = (tag: string, operation: ApiOperation) => {
    // Swagger UI's deep link: it opens this operation expanded
    window.history.replaceState(window.history.state, '', `#/${tag}/${operation.operationId}`);
    setInteractive(true);
  };

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
      {openapi.isPending && (
        <Group mt="lg" gap="xs">
          <Loader size="sm" />
          <Text>Loading the API document…</Text>
        </Group>
      )}
      {openapi.isError && (
        <Alert color="red" mt="lg" title="The API document could not be read">
          {openapi.error.message}
        </Alert>
      )}
      {openapi.data && isInteractive && (
        <>
          <Button variant="default" mt="lg" onClick={() => setInteractive(false)}>
            Back to the list
          </Button>
          <Suspense
            fallback={
              <Group mt="lg" gap="xs">
                <Loader size="sm" />
                <Text>Loading the interactive explorer…</Text>
              </Group>
            }
          >
            <SwaggerExplorer document={openapi.data} />
          </Suspense>
        </>
      )}
      {openapi.data && !isInteractive && (
        <>
          <Group mt="lg" mb="lg" align="flex-end">
            <TextInput
              label="Search operations"
              placeholder="path, method, summary or access"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              w={360}
            />
            <Button variant="light" onClick={() => setInteractive(true)}>
              Try the calls (interactive explorer)
            </Button>
            <Text c="dimmed" size="sm">
              {count} operations
            </Text>
          </Group>
          {shown.length > 0 ? <OperationList groups={shown} onTry={tryOperation} /> : <Text>No operations matching your search</Text>}
        </>
      )}
    </Container>
  );
}
