import { Box, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useWorkflow } from '../api/workflows';
import { WorkflowEditor } from './WorkflowEditor';

/** /knowledge/processorEditor/{id}: the Detached Editor, opened in a new tab, filling the window below the header. */
export function ProcessorEditorPage() {
  const id = useParams().id ?? '';
  const workflow = useWorkflow(id);
  const attributes = workflow.data?.attributes;
  return (
    <Stack gap="xs" p="md" h="calc(100dvh - var(--app-shell-header-height, 0px))">
      {attributes && (
        <div>
          <Title order={1} size="h3">
            {attributes.ownerId} / {attributes.label}
          </Title>
          <Text c="dimmed" ff="monospace" size="sm">
            {attributes.identifier}
          </Text>
        </div>
      )}
      <Box flex={1} mih={0}>
        <WorkflowEditor workflowId={id} height="100%" />
      </Box>
    </Stack>
  );
}
