import { Alert } from '@mantine/core';
import { failureSentence, type ExecutionFailure } from '@asb/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FailureLogTail } from '../executions/ExecutionFailure';

/** Why the execution failed, at the top of the report: the failing task, its reason, the end of its log. */
export function FailureAlert({ failure }: { failure: ExecutionFailure }) {
  return (
    <Alert color="red" variant="light" title="Execution failed" icon={<IconAlertTriangle size={18} />}>
      {failureSentence(failure)}
      <FailureLogTail failure={failure} label="Failing task log" />
    </Alert>
  );
}
