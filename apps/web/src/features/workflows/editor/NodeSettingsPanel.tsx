import type { ListDataType, NodeInputSettings, NodePorts, WorkflowGraph, WorkflowNode } from '@asb/contracts';
import { Accordion, Badge, Button, CloseButton, Code, Group, ScrollArea, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { InputSettingsForm, type SettingsField } from './InputSettingsForm';
import { LIST_TYPE_OPTIONS } from './SplitterPaletteItem';

interface NodeSettingsPanelProps {
  node: WorkflowNode;
  ports: NodePorts | undefined;
  graph: WorkflowGraph;
  /** the title the node shows without a label of its own */
  defaultTitle: string;
  isReadOnly: boolean;
  onLabel: (label: string) => void;
  onListType: (listType: ListDataType) => void;
  onInputSettings: (input: string, patch: Partial<NodeInputSettings>, field: SettingsField) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** The selected node: its label and, per input no connection feeds, the settings of spec 1 §3. */
export function NodeSettingsPanel({
  node,
  ports,
  graph,
  defaultTitle,
  isReadOnly,
  onLabel,
  onListType,
  onInputSettings,
  onDelete,
  onClose,
}: NodeSettingsPanelProps) {
  const feeds = new Map(graph.edges.filter((edge) => edge.target === node.id).map((edge) => [edge.targetInput, `${edge.source}.${edge.sourceOutput}`]));
  const inputs = ports?.inputs ?? [];
  const open = inputs.filter((port) => !feeds.has(port.name));
  const fed = inputs.filter((port) => feeds.has(port.name));

  return (
    <Stack
      gap="xs"
      w={340}
      p="xs"
      h="100%"
      style={{ borderLeft: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
      role="region"
      aria-label="Node settings"
    >
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h6">
          Node settings
        </Title>
        <CloseButton size="sm" aria-label="Close node settings" onClick={onClose} />
      </Group>
      <ScrollArea flex={1} mih={0} type="auto" offsetScrollbars>
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            Node id <Code>{node.id}</Code>
            {node.processVersion && (
              <>
                {' '}
                · process version <Code>{node.processVersion}</Code>
              </>
            )}
          </Text>
          <TextInput
            size="xs"
            label="Node label"
            placeholder={defaultTitle}
            value={node.label ?? ''}
            disabled={isReadOnly}
            onChange={(event) => onLabel(event.currentTarget.value)}
          />
          {node.kind === 'dynamic-list-splitter' && (
            <Select
              size="xs"
              label="List type"
              data={LIST_TYPE_OPTIONS}
              value={node.listType ?? 'list-string'}
              allowDeselect={false}
              disabled={isReadOnly}
              onChange={(value) => value && onListType(value as ListDataType)}
            />
          )}
          {!ports && (
            <Text size="xs" c="dimmed">
              The inputs show once the process version is known.
            </Text>
          )}
          {fed.length > 0 && (
            <Stack gap={4}>
              <Title order={4} size="h6">
                Connected inputs
              </Title>
              {fed.map((port) => (
                <Text key={port.name} size="xs">
                  <Code>{port.name}</Code> ← {feeds.get(port.name)}
                </Text>
              ))}
            </Stack>
          )}
          {ports && (
            <Stack gap={4}>
              <Title order={4} size="h6">
                Workflow inputs
              </Title>
              <Text size="xs" c="dimmed">
                {open.length === 0 ? 'Every input is connected.' : 'Inputs no connection feeds: the execute form asks for them.'}
              </Text>
              <Accordion multiple variant="separated" chevronPosition="left">
                {open.map((port) => (
                  <Accordion.Item key={port.name} value={port.name}>
                    <Accordion.Control aria-label={`Settings of input ${port.name}`}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" ff="monospace" truncate>
                          {node.inputs[port.name]?.label || port.name}
                        </Text>
                        <Badge size="xs" variant="light" color="gray" tt="none">
                          {node.inputs[port.name]?.dataType ?? port.dataType}
                        </Badge>
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <InputSettingsForm
                        port={port}
                        settings={node.inputs[port.name]}
                        isReadOnly={isReadOnly}
                        onChange={(patch, field) => onInputSettings(port.name, patch, field)}
                      />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          )}
          {!isReadOnly && (
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete} aria-label={`Delete node ${node.id}`}>
              Delete node
            </Button>
          )}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
