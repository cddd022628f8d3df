import { Button } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmDialog } from '../../ui/DeleteConfirmDialog';
import { useDeleteExecution, useSubmitExecution } from './api/execution-actions';

export interface UnsubmittedExecutionActionsProps {
  id: string;
  identifier: string;
  canSubmit: boolean;
  canDelete: boolean;
  /** after the execution is gone (the report page leaves for the list) */
  onDeleted?(): void;
}

/** Submit and Delete of an execution created but never submitted ('not submitted'), as its permissions allow. */
export function UnsubmittedExecutionActions({ id, identifier, canSubmit, canDelete, onDeleted }: UnsubmittedExecutionActionsProps) {
  const submit = useSubmitExecution();
  const remove = useDeleteExecution();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      {canSubmit && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          aria-label={`Submit ${identifier}`}
          loading={submit.isPending}
          onClick={() => submit.mutate({ id, identifier })}
        >
          Submit
        </Button>
      )}
      {canDelete && (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          aria-label={`Delete ${identifier}`}
          loading={remove.isPending}
          onClick={() => setIsConfirming(true)}
        >
          Delete
        </Button>
      )}
      <DeleteConfirmDialog
        isOpened={isConfirming}
        name="execution"
        identifier={identifier}
        isPending={remove.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          // mutateAsync, not mutate's callbacks: React Query skips those once this component is gone, and the
          // refetch after the delete may drop it first (its row, or the report page's actions); onDeleted must run
          remove.mutateAsync({ id, identifier }).then(
            () => {
              setIsConfirming(false);
              onDeleted?.();
            },
            // the hook's onError has reported it
            () => undefined,
          )
        }
      />
    </>
  );
}
