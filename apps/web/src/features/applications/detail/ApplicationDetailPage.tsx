import { Button, Card, Container, Group, Stack, Tabs } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { PageLoader } from '../../../ui/PageLoader';
import { ResourceNotFound } from '../../../ui/ResourceNotFound';
import { useApplicationDescription } from '../api/applications';
import { ApplicationHeader } from './ApplicationHeader';
import { LocalHintsAlert } from './LocalHintsAlert';
import { ParametersTab } from './ParametersTab';
import { PropertiesTab } from './PropertiesTab';
import { PublicationControls } from './PublicationControls';

// the CWL view loads only when its tab is opened
const CwlTab = lazy(() => import('./CwlTab').then((module) => ({ default: module.CwlTab })));

/** /collections/{id}/detail/{appId} (public; spec 3 Application detail). */
export function ApplicationDetailPage() {
  const params = useParams();
  const collection = params.id ?? '';
  const identifier = params.appId ?? '';
  const { status } = useAuth();
  const description = useApplicationDescription(collection, identifier);

  if (description.isPending) return <PageLoader />;
  if (description.isError)
    return <ResourceNotFound title="Application not found" backTo={routePath('catalogueCollections')} backLabel="Back to the catalogue collections" />;
  const application = description.data;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ApplicationHeader application={application} />
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {application.permissions.publish && <PublicationControls application={application} />}
            {status === 'authenticated' && (
              <Button
                component={Link}
                to={routePath('catalogueApplicationExecute', { id: application.collection, appId: application.identifier })}
                leftSection={<IconPlayerPlay size={16} />}
              >
                Execute
              </Button>
            )}
          </Group>
        </Group>
        <LocalHintsAlert hints={application.hints} />
        <Card withBorder radius="md" padding="lg">
          <Tabs defaultValue="parameters" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="parameters">Inputs/Outputs</Tabs.Tab>
              <Tabs.Tab value="properties">Properties</Tabs.Tab>
              {application.original_cwl !== null && <Tabs.Tab value="cwl">CWL</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="parameters">
              <ParametersTab application={application} />
            </Tabs.Panel>
            <Tabs.Panel value="properties">
              <PropertiesTab application={application} />
            </Tabs.Panel>
            {application.original_cwl !== null && (
              <Tabs.Panel value="cwl">
                <Suspense fallback={<PageLoader />}>
                  <CwlTab identifier={application.identifier} cwl={application.original_cwl} />
                </Suspense>
              </Tabs.Panel>
            )}
          </Tabs>
        </Card>
      </Stack>
    </Container>
  );
}
