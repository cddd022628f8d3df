import { EARLIEST_DATE, formatDateRange, parseDateRange } from '@asb/contracts';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldWidgetProps } from './field-widget';

/** Spec 1 §9 date format. */
const DATE_FORMAT = 'YYYY-MM-DD';

/** The value is 'YYYY-MM-DD / YYYY-MM-DD', or '' while incomplete. */
interface DateRangeInputProps extends FieldWidgetProps {
  disabled?: boolean;
}

/**
 * A date-range input (spec 1 §5): a calendar from the earliest date 2019-12-18, weeks
 * starting on Monday, giving 'YYYY-MM-DD / YYYY-MM-DD'. The first picked date is held
 * here until the second one completes the range.
 */
export function DateRangeInput({ label, description, error, disabled, required, value, onChange, onBlur }: DateRangeInputProps) {
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  const parsed = parseDateRange(value);
  const shown: DatesRangeValue<string> = draft ?? (parsed ? [parsed[0], parsed[1]] : [null, null]);
  const change = (range: DatesRangeValue<string>) => {
    const [start, end] = range;
    if (start && end) {
      setDraft(null);
      onChange(formatDateRange(start, end));
    } else {
      setDraft(start || end ? range : null);
      onChange('');
    }
  };
  return (
    <DatePickerInput
      type="range"
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      required={required}
      withAsterisk={required}
      value={shown}
      onChange={change}
      onDropdownClose={onBlur}
      minDate={EARLIEST_DATE}
      defaultDate={shown[0] ?? undefined}
      valueFormat={DATE_FORMAT}
      labelSeparator="/"
      firstDayOfWeek={1}
      allowSingleDateInRange
      clearable
      placeholder="YYYY-MM-DD / YYYY-MM-DD"
      leftSection={<IconCalendar size={16} />}
    />
  );
}
