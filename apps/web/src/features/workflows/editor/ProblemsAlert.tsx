import type { WorkflowProblem } from '@asb/contracts';
import { Alert, List, ScrollArea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Problems of the graph: the server's refusal of a save, or what the local check found. */
export function ProblemsAlert({
  title,
  problems,
  color,
  onClose,
}: {
  title: string;
  problems: WorkflowProblem[];
  color: 'red' | 'yellow';
  onClose?: () => void;
}) {
  if (problems.length === 0) return null;
  return (
    <Alert
      color={color}
      variant="light"
      p="xs"
      title={title}
      icon={<IconAlertTriangle size={18} />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <ScrollArea.Autosize mah={110} type="auto">
        <List size="sm" spacing={2} aria-label={title}>
          {problems.map((problem, index) => (
            <List.Item key={`${problem.pointer}-${index}`}>{problem.message}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
