import { COLLECTION_REQUEST_STATUSES, statusText, type CollectionRequestStatus } from '@asb/contracts';
import { Alert, Code, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { handleError } from '../../app/api/error-handler';
import { ApiError } from '../../app/api/http';
import { useAuth } from '../../app/auth/auth-context';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { formatDateTime } from '../../ui/formatDateTime';
import { KeyValueList } from '../../ui/KeyValueList';
import { PageLoader } from '../../ui/PageLoader';
import { StatusBadge } from '../../ui/StatusBadge';
import { COLLECTION_REQUESTS_KEY, useChangeRequestStatus, useCollectionRequest } from './api';

/** /mep/collections/{id} (spec 3 §2): "owner / title", the identifier and the request payload; staff move the status, which the requester sees change live. */
export function CollectionRequestPage() {
  const { id = '' } = useParams();
  const request = useCollectionRequest(id);
  const change = useChangeRequestStatus(id);
  const queryClient = useQueryClient();
  const { user } = useAuth();
  useLiveEvent('collectionRequestUpdate', (message) => {
    if (String(message.id) === id) void queryClient.invalidateQueries({ queryKey: COLLECTION_REQUESTS_KEY });
  });
  if (request.isPending) return <PageLoader />;
  if (!request.data) {
    const status = request.error instanceof ApiError ? request.error.status : undefined;
    // another user's request is refused (403): say whose it may be, not that something went wrong
    const refusal =
      status === 404
        ? `Collection request #${id} not found`
        : status === 403
          ? `Collection request #${id} is not yours: only its requester and staff see it.`
          : undefined;
    return (
      <Container size="lg" py="xl">
        <Alert color={refusal ? 'yellow' : 'red'} variant="light">
          {refusal ?? `Something went wrong while fetching collection #${id}`}
        </Alert>
      </Container>
    );
  }
  const a = request.data.attributes;
  const isStaff = Boolean(user?.is_staff || user?.is_superuser);
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2}>
              {a.ownerId} / {a.title}
            </Title>
            <Text ff="monospace" size="sm" c="dimmed">
              {a.identifier}
            </Text>
          </Stack>
          <Group gap="sm">
            <StatusBadge status={a.status} />
            {isStaff && (
              <Select
                aria-label="Status"
                data={COLLECTION_REQUEST_STATUSES.map((status) => ({ value: status, label: statusText(status) }))}
                value={a.status}
                allowDeselect={false}
                w={140}
                disabled={change.isPending}
                onChange={(status) => status && change.mutate(status as CollectionRequestStatus, { onError: (error) => handleError(error, 'Knowledge') })}
              />
            )}
          </Group>
        </Group>
        <Paper withBorder radius="md" p="md">
          <KeyValueList
            labelWidth={160}
            rows={[
              ['Requested', formatDateTime(a.createdAt)],
              ['Keywords', a.keywords.join(' ')],
              ['Abstract', a.abstract || '—'],
            ]}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Request payload
          </Title>
          <Code block data-testid="request-payload">
            {JSON.stringify(a.requestPayload, null, 2)}
          </Code>
        </Paper>
      </Stack>
    </Container>
  );
}
