import { Alert, Code, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Says which requirements and hints the Default (local) target does not honour: it runs the CWL with cwltool, without containers. */
export function LocalHintsAlert({ hints }: { hints: string[] }) {
  if (hints.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Not honoured on the Default target">
      <Text size="sm">
        The Default target runs this application with cwltool on the portal's machine, without containers, so it does not honour{' '}
        {hints.map((hint, index) => (
          <span key={hint}>
            {index > 0 && ', '}
            <Code>{hint}</Code>
          </span>
        ))}
        : the commands the application calls must exist there. An ADES target runs it with its own container runtime.
      </Text>
    </Alert>
  );
}
