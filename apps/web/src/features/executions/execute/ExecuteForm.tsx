import { EXECUTION_NOT_ALLOWED, type WorkflowInputItem } from '@asb/contracts';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarTime, IconPlayerPlay } from '@tabler/icons-react';
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { useReportError } from '../../../app/api/use-report-error';
import type { Schedule } from '../../schedules/api';
import { defaultScheduleValues, scheduleErrors, scheduleFormValues, type ScheduleFormValues } from './schedule-form';
import { ScheduleFields } from './ScheduleFields';
import { keptCipherTexts, scheduleInputValues, useSaveSchedule, type ScheduleFieldErrors } from './use-save-schedule';
import { usePublicKey, type Processor } from '../../workflows/api/execute';
import { encryptedFields, fieldKey, initialValues, inputErrors, invalidHint, visibleGroups } from './execute-form';
import { GraphChangeNotice } from './GraphChangeNotice';
import { GroupTitle, InputWidget } from './InputWidget';
import { useExecute } from './use-execute';

interface ExecuteFormProps {
  processor: Processor;
  /** spec 1 §6 execution_allowed (true when the check itself failed) */
  allowed: boolean;
  isCheckingAllowed: boolean;
  /** the Schedule switch is on: the form schedules instead of executing */
  isScheduling?: boolean;
  /** the schedule being edited (/schedules/{id}); a new one otherwise */
  schedule?: Schedule;
  /** the instance theme: it decides the strategies offered */
  theme?: string;
  /** lets the Search products tab fill an input with the product it found */
  ref?: Ref<ExecuteFormHandle>;
}

export interface ExecuteFormHandle {
  setValue(key: string, value: string): void;
}

/**
 * The Execute tab (spec 1 §2, §5): one widget per user-visible input, grouped by node,
 * checked as it is typed; Execute is disabled while executing, when execution is not
 * allowed, or when any input is invalid. With the Schedule switch on, the schedule's
 * settings come first and the button schedules the workflow with these inputs instead.
 */
export function ExecuteForm({ processor, allowed, isCheckingAllowed, isScheduling = false, schedule, theme = '', ref }: ExecuteFormProps) {
  const groups = processor.attributes.inputs;
  const shown = useMemo(() => visibleGroups(groups), [groups]);
  const [values, setValues] = useState(() => ({ ...initialValues(groups), ...(schedule ? scheduleInputValues(processor, schedule) : {}) }));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [scheduleValues, setScheduleValues] = useState<ScheduleFormValues>(() =>
    schedule ? scheduleFormValues(schedule.attributes) : defaultScheduleValues(processor.attributes.label),
  );
  const [scheduleServerErrors, setScheduleServerErrors] = useState<ScheduleFieldErrors>({});
  // an edited schedule's passwords stay as stored unless retyped: empty is then fine
  const kept = useMemo(() => keptCipherTexts(processor, schedule), [processor, schedule]);
  const errors = Object.fromEntries(Object.entries(inputErrors(groups, values)).filter(([key]) => !(isScheduling && kept[key] && !(values[key] ?? '').trim())));
  const invalid = Object.keys(errors).length;
  const scheduleProblems = isScheduling ? { ...scheduleErrors(scheduleValues), ...scheduleServerErrors } : {};

  // the server writes the key into each password input; the keystore call is the fallback
  const needsKeystore = encryptedFields(groups).some(({ item }) => !item.constraints.enc_public_key);
  const keystore = usePublicKey(needsKeystore);
  useReportError(keystore.error, keystore.errorUpdatedAt);
  const publicKeyOf = (item: WorkflowInputItem) => item.constraints.enc_public_key ?? keystore.data;

  const { execute, busy: executing } = useExecute(processor, setServerErrors);
  const saving = useSaveSchedule(processor, schedule, ({ inputs, schedule: fields }) => {
    setServerErrors(inputs);
    setScheduleServerErrors(fields);
  });
  const busy = executing || saving.busy;
  const disabled = busy || !allowed || invalid > 0 || Object.keys(scheduleProblems).length > 0;

  const change = (key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
    saving.clearFailed();
  };
  useImperativeHandle(ref, () => ({ setValue: change }));
  const changeSchedule = (next: ScheduleFormValues) => {
    setScheduleValues(next);
    setScheduleServerErrors({});
    saving.clearFailed();
  };
  const touch = (key: string) => setTouched((current) => (current[key] ? current : { ...current, [key]: true }));
  const shownError = (key: string) => serverErrors[key] ?? (touched[key] || (values[key] ?? '') !== '' ? errors[key] : undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (disabled) return;
        if (isScheduling) void saving.save(scheduleValues, values, publicKeyOf);
        else void execute(values, publicKeyOf);
      }}
    >
      <Stack gap="lg">
        {isScheduling && <ScheduleFields values={scheduleValues} errors={scheduleProblems} theme={theme} onChange={changeSchedule} />}
        {!allowed && !isCheckingAllowed && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Execution not allowed">
            {EXECUTION_NOT_ALLOWED}
          </Alert>
        )}
        <GraphChangeNotice processor={processor} />
        {shown.length === 0 && <Text c="dimmed">This workflow takes no inputs: Execute runs it as it is.</Text>}
        {shown.map((group) => (
          <Card key={group.node_id} withBorder padding="lg" component="fieldset" aria-label={group.label} m={0}>
            <Stack gap="md">
              <GroupTitle label={group.label} nodeId={group.node_id} />
              {group.items.map((item) => {
                const key = fieldKey(group.node_id, item.identifier);
                return (
                  <InputWidget
                    key={key}
                    item={item}
                    value={values[key] ?? ''}
                    error={shownError(key)}
                    onChange={(value) => change(key, value)}
                    onBlur={() => touch(key)}
                    publicKey={publicKeyOf(item)}
                  />
                );
              })}
            </Stack>
          </Card>
        ))}
        <Group justify="flex-end" gap="md">
          {invalid > 0 && (
            <Text size="sm" c="dimmed" data-testid="invalid-hint">
              {invalidHint(invalid)}
            </Text>
          )}
          {isScheduling ? (
            // spec 1 §4: a failed create or update turns the button to its danger variant
            <Button
              type="submit"
              leftSection={<IconCalendarTime size={16} />}
              loading={busy}
              disabled={disabled}
              color={saving.failed ? 'red' : undefined}
              data-failed={saving.failed || undefined}
            >
              {schedule ? 'Save schedule' : 'Schedule'}
            </Button>
          ) : (
            <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={busy} disabled={disabled}>
              Execute
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
