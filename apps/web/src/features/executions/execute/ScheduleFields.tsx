import { Card, Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { INTERVAL_PERIODS, scheduleStrategiesFor, STRATEGY_LABELS, type IntervalPeriod, type ScheduleStatus, type ScheduleStrategy } from '@asb/contracts';
import { shownFields, type ScheduleFormValues } from './schedule-form';

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface ScheduleFieldsProps {
  values: ScheduleFormValues;
  errors: Partial<Record<keyof ScheduleFormValues, string>>;
  /** the instance's theme: external-trigger and on-new-data only with eopen (spec 1 §4) */
  theme: string;
  onChange(values: ScheduleFormValues): void;
}

/** The schedule part of the execute form (spec 1 §2, §4): strategy and its time settings, all in UTC. */
export function ScheduleFields({ values, errors, theme, onChange }: ScheduleFieldsProps) {
  const shown = shownFields(values.strategy);
  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => onChange({ ...values, [key]: value });
  const strategies = scheduleStrategiesFor(theme);
  // a stored strategy the theme does not offer stays selectable on its own schedule
  const offered = strategies.includes(values.strategy) ? strategies : [...strategies, values.strategy];
  const time = (key: 'startTime' | 'endTime', label: string, description?: string) =>
    shown.has(key) && (
      <DateTimePicker
        label={label}
        description={description}
        valueFormat={TIME_FORMAT}
        value={values[key] || null}
        onChange={(value) => set(key, value ?? '')}
        clearable={key === 'endTime'}
        error={errors[key]}
        firstDayOfWeek={1}
        required={key === 'startTime' && values.strategy !== 'crontab-execution' && values.strategy !== 'on-new-data'}
      />
    );

  return (
    <Card withBorder padding="lg" component="fieldset" aria-label="Schedule" m={0}>
      <Stack gap="md">
        <Title order={3} size="h5">
          Schedule
        </Title>
        <TextInput label="Title" required value={values.title} onChange={(event) => set('title', event.currentTarget.value)} error={errors.title} />
        <Group grow align="flex-start">
          <Select
            label="Strategy"
            data={offered.map((strategy) => ({ value: strategy, label: STRATEGY_LABELS[strategy] }))}
            value={values.strategy}
            onChange={(value) => value && set('strategy', value as ScheduleStrategy)}
            allowDeselect={false}
            error={errors.strategy}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Status
            </Text>
            <SegmentedControl
              aria-label="Status"
              data={[
                { value: 'enabled', label: 'Enabled' },
                { value: 'disabled', label: 'Disabled' },
              ]}
              value={values.status}
              onChange={(value) => set('status', value as ScheduleStatus)}
            />
          </Stack>
        </Group>
        {shown.has('dataUrl') && (
          <TextInput
            label="Data URL"
            description="A STAC collection or items URL: each new item starts one execution, as the workflow's product input."
            required
            value={values.dataUrl}
            onChange={(event) => set('dataUrl', event.currentTarget.value)}
            error={errors.dataUrl}
          />
        )}
        {values.strategy === 'single-execution' && time('startTime', 'Run at (UTC)')}
        {values.strategy !== 'single-execution' &&
          time(
            'startTime',
            values.strategy === 'interval-execution' ? 'First run (UTC)' : 'Start (UTC)',
            values.strategy === 'interval-execution' ? undefined : 'Optional',
          )}
        {time('endTime', 'End (UTC)', 'Optional: no runs after it')}
        {shown.has('interval') && (
          <Group grow align="flex-start">
            <NumberInput
              label={values.strategy === 'on-new-data' ? 'Look every' : 'Every'}
              min={1}
              allowDecimal={false}
              value={values.interval}
              onChange={(value) => set('interval', typeof value === 'number' ? value : '')}
              error={errors.interval}
            />
            <Select
              label="Period"
              aria-label="Interval period"
              data={INTERVAL_PERIODS.map((period) => ({ value: period, label: period }))}
              value={values.intervalPeriod}
              onChange={(value) => value && set('intervalPeriod', value as IntervalPeriod)}
              allowDeselect={false}
              error={errors.intervalPeriod}
            />
          </Group>
        )}
        {shown.has('hour') && (
          <Group grow align="flex-start">
            <NumberInput
              label="Hour (UTC)"
              min={0}
              max={23}
              allowDecimal={false}
              value={values.hour}
              onChange={(value) => set('hour', typeof value === 'number' ? value : '')}
              error={errors.hour}
            />
            <NumberInput
              label="Minute"
              min={0}
              max={59}
              allowDecimal={false}
              value={values.minute}
              onChange={(value) => set('minute', typeof value === 'number' ? value : '')}
              error={errors.minute}
            />
          </Group>
        )}
        {shown.has('dayOfMonth') && (
          <MultiSelect
            label="Days of the month"
            data={DAYS}
            value={values.dayOfMonth.map(String)}
            onChange={(days) =>
              set(
                'dayOfMonth',
                days.map(Number).sort((a, b) => a - b),
              )
            }
            error={errors.dayOfMonth}
            searchable
          />
        )}
        {values.strategy === 'external-trigger' && (
          <Text size="sm" c="dimmed">
            Runs whenever its trigger URL is called; the URL appears on the schedule&apos;s page once it is saved.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
