import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useReportError } from '../../../app/api/use-report-error';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { PageLoader } from '../../../ui/PageLoader';
import { ResourceNotFound } from '../../../ui/ResourceNotFound';
import { ResourceTitle } from '../../../ui/ResourceTitle';
import { WorkspaceBadges } from '../../../ui/WorkspaceBadges';
import { useApplications } from '../api/applications';
import { useCatalogueCollection } from '../api/collections';
import { canUpload } from '../publication';
import { ApplicationsTable } from './ApplicationsTable';
import { RegisterApplicationModal } from './upload/RegisterApplicationModal';

/** /collections/{id} (spec 3 Catalogue collection detail): its applications, and the upload of new ones. */
export function CatalogueCollectionPage() {
  const id = useParams().id ?? '';
  const { user } = useAuth();
  const collection = useCatalogueCollection(id);
  const applications = useApplications(id);
  const [isRegistering, setIsRegistering] = useState(false);
  useReportError(applications.error, applications.errorUpdatedAt, 'Backend');

  if (collection.isPending) return <PageLoader />;
  if (collection.isError)
    return <ResourceNotFound title="Catalogue collection not found" backTo={routePath('catalogueCollections')} backLabel="Back to the catalogue collections" />;
  const attributes = collection.data.attributes;
  const rows = applications.data ?? [];

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap="xs">
            <ResourceTitle ownerId={attributes.ownerId} label={attributes.verboseName || attributes.identifier} identifier={attributes.identifier} />
            {attributes.abstract && <Text style={{ whiteSpace: 'pre-wrap' }}>{attributes.abstract}</Text>}
            <WorkspaceBadges workspaces={attributes.workspaces} />
          </Stack>
          {canUpload(user, attributes) && (
            <Button leftSection={<IconUpload size={16} />} onClick={() => setIsRegistering(true)}>
              Register new application
            </Button>
          )}
        </Group>
        <Paper withBorder radius="md">
          {applications.isPending && <PageLoader />}
          {applications.isError && (
            <Alert color="red" variant="light" m="md">
              Something went wrong while fetching the applications of {attributes.identifier}
            </Alert>
          )}
          {applications.isSuccess && rows.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              There are no applications registered in this collection yet
            </Text>
          )}
          {rows.length > 0 && <ApplicationsTable collection={id} applications={rows} />}
        </Paper>
      </Stack>
      <RegisterApplicationModal collection={id} isOpened={isRegistering} onClose={() => setIsRegistering(false)} />
    </Container>
  );
}
