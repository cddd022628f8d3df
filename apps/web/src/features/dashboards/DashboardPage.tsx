import {
  DASHBOARD_COMPONENT_KINDS,
  DEFAULT_DASHBOARD,
  DASHBOARD_COMPONENT_TITLES,
  DISCARD_DASHBOARD_CHANGES,
  type DashboardComponentKind,
} from '@asb/contracts';
import { Alert, Badge, Button, Container, Group, Menu, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEdit, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { handleError } from '../../app/api/error-handler';
import { api } from '../../app/api/http';
import { useAuth } from '../../app/auth/auth-context';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { PageLoader } from '../../ui/PageLoader';
import { componentCalls, useDashboard, type Dashboard } from './api';
import { ComponentSettings } from './ComponentSettings';
import { DashboardGrid } from './DashboardGrid';
import { changesToSave, newComponent, placed, type DraftComponent } from './draft';

/** Writes the draft's changes, each component by its own call (spec 2 §7). */
async function saveDraft(dashboard: Dashboard, draft: DraftComponent[]): Promise<void> {
  for (const change of changesToSave(dashboard.attributes.components, draft)) {
    if (change.kind === 'remove') await componentCalls.remove(change.id);
    else if (change.kind === 'change') await componentCalls.change(change.id, change.attributes);
    else {
      const { id: _draftId, ...values } = change.component;
      await componentCalls.add(dashboard.id, values);
    }
  }
}

/** The owner's switches (PATCH dashboards/{id}): readable signed out (isPublic), editable at all (isEditable). */
function DashboardSwitches({ dashboard, refetch }: { dashboard: Dashboard; refetch(): Promise<unknown> }) {
  const [isBusy, setIsBusy] = useState(false);
  const change = async (attributes: { isPublic?: boolean; isEditable?: boolean }) => {
    setIsBusy(true);
    try {
      await api('PATCH /knowledge/v1/dashboards/{id}', {
        params: { id: dashboard.id },
        body: { data: { type: 'dashboards', id: dashboard.id, attributes } },
        jsonApi: true,
      });
      await refetch();
    } catch (error) {
      handleError(error, 'knowledge');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Group gap="md">
      <Switch
        label="Public"
        description="Readable signed out"
        checked={dashboard.attributes.isPublic}
        disabled={isBusy}
        onChange={(event) => void change({ isPublic: event.currentTarget.checked })}
      />
      <Switch
        label="Editable"
        description="Components can change"
        checked={dashboard.attributes.isEditable}
        disabled={isBusy}
        onChange={(event) => void change({ isEditable: event.currentTarget.checked })}
      />
    </Group>
  );
}

function DashboardView({ dashboard, isSignedIn, refetch }: { dashboard: Dashboard; isSignedIn: boolean; refetch(): Promise<unknown> }) {
  const attributes = dashboard.attributes;
  const canEdit = isSignedIn && attributes.isEditable && attributes.permissions.change && !attributes.isArchived;
  const [draft, setDraft] = useState<DraftComponent[] | null>(null);
  const [settingsOf, setSettingsOf] = useState<DraftComponent | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const sequence = useRef(0);
  const isEditing = draft !== null;
  const hasChanges = draft !== null && changesToSave(attributes.components, draft).length > 0;

  // another editor saved: follow, unless the user is editing (their draft would be lost)
  useLiveEvent('dashboardUpdate', (message) => {
    if (message.id === dashboard.id && !isEditing) void refetch();
  });

  const add = (kind: DashboardComponentKind) => setDraft((current) => [...(current ?? []), newComponent(current ?? [], kind, ++sequence.current)]);
  const save = async () => {
    if (!draft) return;
    setIsSaving(true);
    try {
      await saveDraft(dashboard, draft);
      notifications.show({ message: `Dashboard ${attributes.verboseName} saved`, color: 'green' });
      await refetch();
      setDraft(null);
    } catch (error) {
      handleError(error, 'knowledge');
      await refetch();
    } finally {
      setIsSaving(false);
    }
  };
  const discard = () => {
    setDraft(null);
    setIsConfirming(false);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2}>{attributes.verboseName}</Title>
            {attributes.isSystem && <Badge variant="light">System</Badge>}
            {attributes.isPublic && (
              <Badge variant="light" color="teal">
                Public
              </Badge>
            )}
            {isEditing && <Badge color="orange">Editing</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {attributes.ownerId} / {attributes.slug}
            {attributes.description ? ` · ${attributes.description}` : ''}
          </Text>
        </Stack>
        <Group gap="md">
          {isSignedIn && attributes.permissions.change && !attributes.isSystem && !isEditing && <DashboardSwitches dashboard={dashboard} refetch={refetch} />}
          {canEdit && !isEditing && (
            <Button leftSection={<IconEdit size={16} />} onClick={() => setDraft(attributes.components)}>
              Edit dashboard
            </Button>
          )}
        </Group>
      </Group>

      {isEditing && (
        <Paper withBorder p="sm" radius="md" data-testid="component-bar">
          <Group justify="space-between">
            <Menu position="bottom-start">
              <Menu.Target>
                <Button variant="light" leftSection={<IconPlus size={16} />}>
                  Add component
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {DASHBOARD_COMPONENT_KINDS.map((kind) => (
                  <Menu.Item key={kind} onClick={() => add(kind)}>
                    {DASHBOARD_COMPONENT_TITLES[kind]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Group gap="xs">
              <Button variant="default" onClick={() => (hasChanges ? setIsConfirming(true) : discard())} disabled={isSaving}>
                Discard
              </Button>
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void save()} loading={isSaving} disabled={!hasChanges}>
                Save dashboard
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {(draft ?? attributes.components).length === 0 ? (
        <Alert color="gray">{isEditing ? 'Add a component from the bar above.' : 'This dashboard has no components yet.'}</Alert>
      ) : (
        <DashboardGrid
          dashboard={dashboard}
          components={draft ?? attributes.components}
          isEditing={isEditing}
          isSignedIn={isSignedIn}
          onLayout={(layout) => setDraft((current) => (current ? placed(current, layout) : current))}
          onSettings={setSettingsOf}
          onRemove={(component) => setDraft((current) => current?.filter((candidate) => candidate.id !== component.id) ?? null)}
        />
      )}

      {settingsOf && (
        <ComponentSettings
          component={settingsOf}
          onClose={() => setSettingsOf(null)}
          onApply={(properties) =>
            setDraft(
              (current) => current?.map((candidate) => (candidate.id === settingsOf.id ? { ...candidate, json_properties: properties } : candidate)) ?? null,
            )
          }
        />
      )}
      <Modal opened={isConfirming} onClose={() => setIsConfirming(false)} title="Discard changes" centered>
        <Stack>
          <Text>{DISCARD_DASHBOARD_CHANGES}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={discard}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * /dashboards/{id} (spec 2 §2 Dashboard page; docs/dashboards.md): without an id the home
 * dashboard. A grid with a view and an edit mode (edit needs is_editable and the right to change
 * it): the component bar adds components, cards move and resize, Save writes each component,
 * Discard asks first. Leaving the route leaves edit mode (the draft lives in this page only).
 * Signed out, a public dashboard is shown read-only.
 */
export function DashboardPage() {
  const { id: given } = useParams();
  // /dashboards/home names the home dashboard too
  const id = given === DEFAULT_DASHBOARD ? undefined : given;
  const { status } = useAuth();
  const isSignedIn = status === 'authenticated';
  const query = useDashboard(id, isSignedIn, status !== 'loading');
  if (status === 'loading') return <PageLoader />;
  if (!isSignedIn && id === undefined)
    return (
      <Container size="xl" py="xl">
        <Alert>Sign in to see your dashboards.</Alert>
      </Container>
    );
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data)
    return (
      <Container size="xl" py="xl">
        <Alert color="red" title={`Dashboard ${id ?? 'home'} not found`}>
          {isSignedIn ? 'It does not exist or you may not see it.' : 'It does not exist or is not public: sign in to see it.'}
        </Alert>
      </Container>
    );
  return (
    <Container size="xl" py="xl">
      <DashboardView key={query.data.id} dashboard={query.data} isSignedIn={isSignedIn} refetch={query.refetch} />
    </Container>
  );
}
