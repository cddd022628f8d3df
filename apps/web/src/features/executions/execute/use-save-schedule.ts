import { isEncryptedInput, NOTIFY_MS, scheduleInputsFromGroups, secretTagOf, type WorkflowInputItem } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, handleError } from '../../../app/api/error-handler';
import { ApiError } from '../../../app/api/http';
import { routePath } from '../../../app/routes';
import type { Processor } from '../../workflows/api/execute';
import { buildExecutionPayload, encryptedFields, fieldKey, serverInputErrors, type FormValues } from './execute-form';
import { passwordToSend } from './use-execute';
import { createSchedule, SCHEDULES_KEY, updateSchedule, type Schedule } from '../../schedules/api';
import { PAYLOAD_FIELDS, schedulePayload, type ScheduleFormValues } from './schedule-form';

export type ScheduleFieldErrors = Partial<Record<keyof ScheduleFormValues, string>>;

/**
 * The stored ciphertexts of a schedule's password inputs, by form field: an edit that
 * leaves such a field empty keeps the stored value (the clear text is never in the browser).
 */
export function keptCipherTexts(processor: Processor, schedule: Schedule | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  if (!schedule) return kept;
  for (const group of processor.attributes.inputs) {
    const task = schedule.attributes.inputs.tasks.find((candidate) => candidate.task_id === group.node_id);
    for (const item of group.items) {
      const value = task?.inputs[item.identifier];
      if (isEncryptedInput(item) && value && secretTagOf(value) === undefined) kept[fieldKey(group.node_id, item.identifier)] = value;
    }
  }
  return kept;
}

/** A schedule's input values as the form's values (passwords stay empty: see keptCipherTexts; a stored secret's reference shows). */
export function scheduleInputValues(processor: Processor, schedule: Schedule): FormValues {
  const values: FormValues = {};
  for (const group of processor.attributes.inputs) {
    const task = schedule.attributes.inputs.tasks.find((candidate) => candidate.task_id === group.node_id);
    for (const item of group.items) {
      const value = task?.inputs[item.identifier];
      if (value !== undefined && value !== null && (!isEncryptedInput(item) || secretTagOf(value) !== undefined))
        values[fieldKey(group.node_id, item.identifier)] = value;
    }
  }
  return values;
}

/**
 * Spec 1 §2/§4 Schedule: encrypt the passwords, POST (new) or PATCH (existing) the
 * schedule of the shown workflow version, announce it and open the new schedule's page.
 * A failure turns the submit button red (`failed`) until the next try; refused fields
 * show under their widgets, the rest goes to the general handler.
 */
export function useSaveSchedule(
  processor: Processor,
  existing: Schedule | undefined,
  onErrors: (errors: { inputs: Record<string, string>; schedule: ScheduleFieldErrors }) => void,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const save = async (scheduleValues: ScheduleFormValues, values: FormValues, publicKeyOf: (item: WorkflowInputItem) => string | undefined): Promise<void> => {
    setBusy(true);
    setFailed(false);
    try {
      const kept = keptCipherTexts(processor, existing);
      const encrypted: Record<string, string> = {};
      for (const { key, item } of encryptedFields(processor.attributes.inputs)) {
        const typed = (values[key] ?? '').trim();
        if (!typed && kept[key]) {
          encrypted[key] = kept[key];
          continue;
        }
        encrypted[key] = await passwordToSend(typed, publicKeyOf(item));
      }
      const { inputs } = buildExecutionPayload(processor, values, encrypted);
      const payload = schedulePayload(
        scheduleValues,
        { id: processor.id, version: processor.attributes.version },
        scheduleInputsFromGroups(inputs ?? [], processor.attributes.identifier),
      );
      const saved = existing ? await updateSchedule(existing.id, payload) : await createSchedule(payload);
      notifications.show({ message: `Schedule #${saved.id} successfully ${existing ? 'updated' : 'created'}`, color: 'green', autoClose: NOTIFY_MS.success });
      await queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
      if (!existing) await navigate(routePath('schedule', { id: saved.id }));
    } catch (error) {
      setFailed(true);
      reportFailure(error, processor, onErrors);
    } finally {
      setBusy(false);
    }
  };
  return { save, busy, failed, clearFailed: () => setFailed(false) };
}

function reportFailure(
  error: unknown,
  processor: Processor,
  onErrors: (errors: { inputs: Record<string, string>; schedule: ScheduleFieldErrors }) => void,
): void {
  const fieldErrors = fieldErrorsOf(error) ?? {};
  const schedule: ScheduleFieldErrors = {};
  const rest: Record<string, string> = {};
  for (const [field, detail] of Object.entries(fieldErrors)) {
    const scheduleField = PAYLOAD_FIELDS[field];
    if (scheduleField) schedule[scheduleField] = detail;
    else rest[field] = detail;
  }
  const { byField, general } = serverInputErrors(processor.attributes.inputs, rest);
  if (Object.keys(schedule).length === 0 && Object.keys(byField).length === 0) {
    handleError(error);
    return;
  }
  onErrors({ inputs: byField, schedule });
  if (general.length > 0 && error instanceof ApiError) handleError(new ApiError(error.status, error.statusText, { detail: general.join(' ') }));
}
