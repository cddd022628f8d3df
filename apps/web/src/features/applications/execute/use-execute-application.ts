import { notifications } from '@mantine/notifications';
import { NOTIFY_MS } from '@asb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../app/api/error-handler';
import { routePath } from '../../../app/routes';
import { TASKS_KEY } from '../../executions/api/tasks';
import { executeApplication } from '../api/executions';
import { executionRequest, type FormValues, type InputField } from './application-form';
import { serverInputErrors } from './server-errors';

/**
 * Spec 3 §2 Execute: POST execute, then /monitoring/applications. Inputs the server refuses
 * show under their field (`onInputErrors`); anything else goes to the general handler.
 */
export function useExecuteApplication(collection: string, identifier: string, fields: InputField[], onInputErrors: (errors: Record<string, string>) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const execute = async (values: FormValues, target: string): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const task = await executeApplication(collection, executionRequest(identifier, fields, values, target));
      notifications.show({ message: `Execution ${task.attributes.identifier} started`, color: 'green', autoClose: NOTIFY_MS.short });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY.application });
      await navigate(routePath('applicationExecutions'));
    } catch (error) {
      const byInput = serverInputErrors(
        error,
        fields.map((field) => field.id),
      );
      if (Object.keys(byInput).length > 0) onInputErrors(byInput);
      else handleError(error, 'Backend');
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { execute, busy };
}
