import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Dashboard } from '../api';
import { ActivitySummary } from './ActivitySummary';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Spec 2 §2 information panel (12 x 5): a title and a text the editor writes; with `activity`, the signed-in reader's activity below. */
export function InformationPanel({ properties, isSignedIn }: { properties: Record<string, unknown>; isSignedIn: boolean }) {
  return (
    <Paper h="100%" p="md" radius="md" bg="var(--mantine-color-blue-light)" data-testid="information-panel">
      <Stack gap={4}>
        <Title order={4}>{text(properties.title) || 'Information'}</Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text(properties.text) || 'Write this panel’s text in edit mode.'}
        </Text>
        {properties.activity === true && isSignedIn && <ActivitySummary />}
      </Stack>
    </Paper>
  );
}

/** Spec 2 §2 description (8 x 3): the dashboard's name and description. */
export function DescriptionPanel({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Stack gap={2} h="100%" justify="center">
      <Title order={4}>{dashboard.attributes.verboseName}</Title>
      <Text size="sm" c="dimmed">
        {dashboard.attributes.description || 'No description.'}
      </Text>
    </Stack>
  );
}
