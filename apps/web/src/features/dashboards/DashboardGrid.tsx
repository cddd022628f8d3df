import { DASHBOARD_COMPONENT_TITLES, DASHBOARD_GRID } from '@asb/contracts';
import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconSettings, IconX } from '@tabler/icons-react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { Dashboard } from './api';
import { CONFIGURABLE } from './ComponentSettings';
import type { DraftComponent, Placement } from './draft';
import { itemHeight } from './components/component-height';
import { ExecutionsChart } from './components/ExecutionsChart';
import { ExecutionsList } from './components/ExecutionsList';
import { ExecutionsMap } from './components/ExecutionsMap';
import { RasterComponent } from './components/RasterComponent';
import { DescriptionPanel, InformationPanel } from './components/TextPanels';

/** The header row of a card (title, and in edit mode the handle and buttons) takes this many pixels. */
const CARD_HEADER = 36;
const CARD_PADDING = 12;
const TEXT_PANELS = new Set<DraftComponent['name']>(['information-panel', 'description']);

interface GridProps {
  dashboard: Dashboard;
  components: DraftComponent[];
  isEditing: boolean;
  isSignedIn: boolean;
  onLayout(layout: readonly Placement[]): void;
  onSettings(component: DraftComponent): void;
  onRemove(component: DraftComponent): void;
}

function ComponentBody({ component, dashboard, height, isSignedIn }: { component: DraftComponent; dashboard: Dashboard; height: number; isSignedIn: boolean }) {
  const properties = component.json_properties;
  switch (component.name) {
    case 'information-panel':
      return <InformationPanel properties={properties} isSignedIn={isSignedIn} />;
    case 'description':
      return <DescriptionPanel dashboard={dashboard} />;
    case 'geotiff-viewer':
    case 'cog-map':
      return <RasterComponent properties={properties} height={height} />;
    case 'executions-chart':
      return <ExecutionsChart properties={properties} height={height} isSignedIn={isSignedIn} />;
    case 'executions-list':
      return <ExecutionsList properties={properties} height={height} isSignedIn={isSignedIn} />;
    case 'executions-map':
      return <ExecutionsMap height={height} isSignedIn={isSignedIn} />;
  }
}

/** A component's card title: the title its settings give, else its kind. */
const titleOf = (component: DraftComponent) =>
  typeof component.json_properties.title === 'string' && component.json_properties.title && component.name !== 'information-panel'
    ? component.json_properties.title
    : DASHBOARD_COMPONENT_TITLES[component.name];

/**
 * The dashboard grid (spec 3 §9: 12 columns, row height 30, margin 20 x 20; react-grid-layout):
 * in edit mode the cards are dragged by their handle and resized from their corner.
 */
export function DashboardGrid({ dashboard, components, isEditing, isSignedIn, onLayout, onSettings, onRemove }: GridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout: Layout = components.map((component) => ({ i: component.id, x: component.x, y: component.y, w: component.w, h: component.h }));
  return (
    <div ref={containerRef} data-testid="dashboard-grid" data-editing={isEditing}>
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: DASHBOARD_GRID.cols, rowHeight: DASHBOARD_GRID.rowHeight, margin: DASHBOARD_GRID.margin, containerPadding: [0, 0] }}
          dragConfig={{ enabled: isEditing, handle: '.dashboard-drag-handle' }}
          resizeConfig={{ enabled: isEditing }}
          onLayoutChange={(next) => isEditing && onLayout(next)}
        >
          {components.map((component) => {
            // the text panels carry their own title: their card header shows only to edit them
            const hasHeader = isEditing || !TEXT_PANELS.has(component.name);
            const bodyHeight = Math.max(40, itemHeight(component.h) - (hasHeader ? CARD_HEADER : 0) - 2 * CARD_PADDING);
            return (
              <div key={component.id} data-component={component.name} data-component-id={component.id}>
                <Paper withBorder radius="md" p={CARD_PADDING} h="100%" style={{ overflow: 'hidden' }}>
                  {hasHeader && (
                    <Group justify="space-between" wrap="nowrap" h={CARD_HEADER - 8} mb={8}>
                      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                        {isEditing && (
                          <IconGripVertical size={16} className="dashboard-drag-handle" style={{ cursor: 'move' }} aria-label={`Move ${titleOf(component)}`} />
                        )}
                        <Text fw={600} size="sm" truncate>
                          {titleOf(component)}
                        </Text>
                      </Group>
                      {isEditing && (
                        <Group gap={4} wrap="nowrap">
                          {CONFIGURABLE.has(component.name) && (
                            <Tooltip label="Settings">
                              <ActionIcon variant="subtle" size="sm" aria-label={`Settings of ${titleOf(component)}`} onClick={() => onSettings(component)}>
                                <IconSettings size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          <Tooltip label="Remove">
                            <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove ${titleOf(component)}`} onClick={() => onRemove(component)}>
                              <IconX size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      )}
                    </Group>
                  )}
                  <ComponentBody component={component} dashboard={dashboard} height={bodyHeight} isSignedIn={isSignedIn} />
                </Paper>
              </div>
            );
          })}
        </GridLayout>
      )}
    </div>
  );
}
