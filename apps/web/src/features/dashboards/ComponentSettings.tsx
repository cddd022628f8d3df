import { DASHBOARD_COMPONENT_TITLES, type DashboardComponentKind } from '@asb/contracts';
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RECENT_EXECUTIONS, useRecentExecutionResults } from './api';
import type { DraftComponent } from './draft';
import { DEFAULT_CHART_DAYS } from './components/ExecutionsChart';
import { DEFAULT_LIST_COUNT } from './components/ExecutionsList';

/** The kinds that have settings. */
export const CONFIGURABLE = new Set<DashboardComponentKind>(['information-panel', 'geotiff-viewer', 'cog-map', 'executions-chart', 'executions-list']);

const isGeoTiff = (value: unknown): value is string => typeof value === 'string' && /\.tiff?$/i.test(value);

/** The GeoTIFF outputs of the viewer's latest executions, as select options. */
function useGeoTiffOutputs(isEnabled: boolean) {
  const executions = useRecentExecutionResults(isEnabled).flatMap((query) => (query.data ? [query.data] : []));
  return executions.flatMap((execution) =>
    (execution.attributes.executionResults?.data ?? [])
      .filter((record) => isGeoTiff(record.value))
      .map((record) => ({
        value: record.value as string,
        label: `${execution.attributes.identifier} · ${record.task_id}.${record.key}`,
      })),
  );
}

function RasterSettings({ properties, onChange }: { properties: Record<string, unknown>; onChange(next: Record<string, unknown>): void }) {
  const outputs = useGeoTiffOutputs(true);
  const url = typeof properties.url === 'string' ? properties.url : '';
  return (
    <Stack gap="sm">
      <Select
        label="GeoTIFF output"
        description="A GeoTIFF your latest executions wrote"
        placeholder={outputs.length === 0 ? 'No GeoTIFF outputs yet' : 'Choose an output'}
        data={outputs}
        searchable
        value={outputs.some((output) => output.value === url) ? url : null}
        onChange={(value) => onChange({ ...properties, url: value ?? '' })}
      />
      <TextInput
        label="GeoTIFF URL"
        description="Or the address of a GeoTIFF you may read: an execution output or a catalogue asset"
        value={url}
        onChange={(event) => onChange({ ...properties, url: event.currentTarget.value.trim() })}
      />
      <TextInput
        label="Title"
        value={typeof properties.title === 'string' ? properties.title : ''}
        onChange={(event) => onChange({ ...properties, title: event.currentTarget.value })}
      />
    </Stack>
  );
}

function Fields({
  component,
  properties,
  onChange,
}: {
  component: DraftComponent;
  properties: Record<string, unknown>;
  onChange(next: Record<string, unknown>): void;
}) {
  switch (component.name) {
    case 'information-panel':
      return (
        <Stack gap="sm">
          <TextInput
            label="Title"
            value={typeof properties.title === 'string' ? properties.title : ''}
            onChange={(event) => onChange({ ...properties, title: event.currentTarget.value })}
          />
          <Textarea
            label="Text"
            autosize
            minRows={3}
            value={typeof properties.text === 'string' ? properties.text : ''}
            onChange={(event) => onChange({ ...properties, text: event.currentTarget.value })}
          />
          <Switch
            label="Show the reader's activity"
            description="What is running, what failed lately, what is new on the Marketplace"
            checked={properties.activity === true}
            onChange={(event) => onChange({ ...properties, activity: event.currentTarget.checked })}
          />
        </Stack>
      );
    case 'geotiff-viewer':
    case 'cog-map':
      return <RasterSettings properties={properties} onChange={onChange} />;
    case 'executions-chart':
      return (
        <NumberInput
          label="Days"
          description="How many days back the chart shows"
          min={1}
          max={366}
          value={typeof properties.days === 'number' ? properties.days : DEFAULT_CHART_DAYS}
          onChange={(value) => onChange({ ...properties, days: typeof value === 'number' ? value : DEFAULT_CHART_DAYS })}
        />
      );
    case 'executions-list':
      return (
        <NumberInput
          label="Executions"
          description="How many of the latest executions the list shows"
          min={1}
          max={RECENT_EXECUTIONS}
          value={typeof properties.count === 'number' ? properties.count : DEFAULT_LIST_COUNT}
          onChange={(value) => onChange({ ...properties, count: typeof value === 'number' ? value : DEFAULT_LIST_COUNT })}
        />
      );
    default:
      return <Text size="sm">This component has no settings.</Text>;
  }
}

/** A component's settings in edit mode: applied to the draft, saved with it. */
export function ComponentSettings({
  component,
  onApply,
  onClose,
}: {
  component: DraftComponent;
  onApply(properties: Record<string, unknown>): void;
  onClose(): void;
}) {
  const [properties, setProperties] = useState(component.json_properties);
  return (
    <Modal opened onClose={onClose} title={`${DASHBOARD_COMPONENT_TITLES[component.name]} settings`} size="lg">
      <Stack>
        <Fields component={component} properties={properties} onChange={setProperties} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onApply(properties);
              onClose();
            }}
          >
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
