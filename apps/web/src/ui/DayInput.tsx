import { isCalendarDay } from '@asb/contracts';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

/** Spec 1 §9 date format. */
const DAY_FORMAT = 'YYYY-MM-DD';

interface DayInputProps {
  label: string;
  value: string | null;
  onChange(value: string | null): void;
  minDate: string;
  maxDate?: string;
}

/** Why a typed day is refused, or null when it is a day from minDate to maxDate. */
function dayError(text: string, minDate: string, maxDate?: string): string | null {
  if (!isCalendarDay(text)) return `“${text}” is not a date: type it as ${DAY_FORMAT}.`;
  if (text < minDate) return `Choose a date from ${minDate}.`;
  if (maxDate && text > maxDate) return `Choose a date up to ${maxDate}.`;
  return null;
}

/**
 * A day a user types (YYYY-MM-DD) or picks in Mantine's calendar (weeks from Monday). A text that
 * is no day, or one out of range, says why when the field is left and clears the value: a search
 * never runs with a day other than the one shown.
 */
export function DayInput({ label, value, onChange, minDate, maxDate }: DayInputProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <DateInput
      label={label}
      value={value}
      onChange={(day) => {
        setError(null);
        onChange(day);
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        const refusal = text === '' ? null : dayError(text, minDate, maxDate);
        setError(refusal);
        if (refusal) onChange(null);
      }}
      dateParser={(text) => (isCalendarDay(text.trim()) ? text.trim() : null)}
      error={error}
      clearButtonProps={{ 'aria-label': `Clear the ${label.toLowerCase()}` }}
      minDate={minDate}
      maxDate={maxDate}
      valueFormat={DAY_FORMAT}
      firstDayOfWeek={1}
      clearable
      placeholder={DAY_FORMAT}
      leftSection={<IconCalendar size={16} />}
    />
  );
}
