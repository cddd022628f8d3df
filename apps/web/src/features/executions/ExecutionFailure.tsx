import { Code, Text } from '@mantine/core';
import { failureLogHeading, type ExecutionFailure } from '@asb/contracts';

/** The last lines of the failing task's log, as the server kept them (server paths hidden). */
export function FailureLogTail({ failure, label }: { failure: ExecutionFailure; label: string }) {
  if (failure.logTail.length === 0) return null;
  return (
    <>
      <Text size="xs" c="dimmed" mt={6}>
        {failureLogHeading(failure)}
      </Text>
      <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', maxHeight: 260, overflow: 'auto' }}>
        {failure.logTail.join('\n')}
      </Code>
    </>
  );
}
