import { executeNotice, NOTIFY_MS, secretTagOf, type WorkflowInputItem } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, handleError } from '../../../app/api/error-handler';
import { ApiError } from '../../../app/api/http';
import { routePath } from '../../../app/routes';
import { createExecution, orderProducts, submitExecution, type Processor } from '../../workflows/api/execute';
import { EXECUTIONS_KEY } from '../api/keys';
import { encryptValue } from './encryption';
import { buildExecutionPayload, encryptedFields, serverInputErrors, type FormValues } from './execute-form';

/** Spec 1 §4: the Execute button stays busy about 0.6 s after the call. */
const EXECUTE_BUSY_MS = 600;

const KEY_NOT_LOADED = 'The encryption key is not loaded yet: try again in a moment.';

/** What a password input sends: a stored secret's reference as it is (PasswordOrSecretWidget), a typed value as its ciphertext. */
export async function passwordToSend(typed: string, publicKey: string | undefined): Promise<string> {
  if (secretTagOf(typed) !== undefined) return typed;
  if (!publicKey) throw new Error(KEY_NOT_LOADED);
  // OAEP is randomised: a fresh ciphertext for each submit, never the clear text
  return encryptValue(typed, publicKey);
}

/**
 * Spec 1 §4 Execute: encrypt the passwords, create the execution, hand it to the engine,
 * show the success notice, order its products (a failure is reported, not blocking),
 * then go to /monitoring. Inputs the server refuses show under their widget
 * (`onInputErrors`); anything else goes to the general handler.
 */
export function useExecute(processor: Processor, onInputErrors: (errors: Record<string, string>) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const execute = async (values: FormValues, publicKeyOf: (item: WorkflowInputItem) => string | undefined): Promise<void> => {
    if (running.current) return;
    running.current = true;
    clearTimeout(timer.current);
    setBusy(true);
    try {
      const groups = processor.attributes.inputs;
      const encrypted: Record<string, string> = {};
      for (const { key, item } of encryptedFields(groups)) {
        encrypted[key] = await passwordToSend((values[key] ?? '').trim(), publicKeyOf(item));
      }
      const created = await createExecution(buildExecutionPayload(processor, values, encrypted));
      await submitExecution(created.id);
      notifications.show({ message: executeNotice(created.attributes.identifier), color: 'green', autoClose: NOTIFY_MS.short });
      try {
        await orderProducts(created.id);
      } catch (error) {
        handleError(error);
      }
      void queryClient.invalidateQueries({ queryKey: EXECUTIONS_KEY });
      await navigate(routePath('monitoring'));
    } catch (error) {
      reportFailure(error, processor, onInputErrors);
    } finally {
      timer.current = setTimeout(() => {
        running.current = false;
        setBusy(false);
      }, EXECUTE_BUSY_MS);
    }
  };
  return { execute, busy };
}

function reportFailure(error: unknown, processor: Processor, onInputErrors: (errors: Record<string, string>) => void): void {
  const { byField, general } = serverInputErrors(processor.attributes.inputs, fieldErrorsOf(error));
  if (Object.keys(byField).length === 0) {
    handleError(error);
    return;
  }
  onInputErrors(byField);
  if (general.length > 0 && error instanceof ApiError) handleError(new ApiError(error.status, error.statusText, { detail: general.join(' ') }));
}
