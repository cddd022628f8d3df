import { dateRangeError, EARLIEST_DATE, formatDateRange, parseDateRange } from '@asb/contracts';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldWidgetProps } from './field-widget';

/** The value is 'YYYY-MM-DD / YYYY-MM-DD', or '' while incomplete. */
interface DateRangeInputProps extends FieldWidgetProps {
  disabled?: boolean;
}

/**
 * A date-range input (spec 1 §5) a user types ('YYYY-MM-DD / YYYY-MM-DD') or picks in a calendar
 * from the earliest date 2019-12-18, weeks starting on Monday. The value is the range once the
 * text is a valid one, else ''; a bad text says why when the field is left. Mantine's
 * DatePickerInput is a button, which cannot be typed in; its calendar is kept, behind the icon.
 */
export function DateRangeInput({ label, description, error, disabled, required, value, onChange, onBlur }: DateRangeInputProps) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const [isTouched, setIsTouched] = useState(false);
  const [isPicking, setIsPicking] = useState(false);
  // the first picked day, held until the second one completes the range
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  // a value given from outside (a prefill, a reset) replaces the text; the '' this input gives
  // while the text is incomplete does not wipe what the user is typing
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== '' || dateRangeError(text) === null) setText(value);
  }
  const type = (next: string) => {
    setText(next);
    const range = dateRangeError(next) === null ? parseDateRange(next) : undefined;
    onChange(range ? formatDateRange(range[0], range[1]) : '');
  };
  const pick = (range: DatesRangeValue<string>) => {
    const [start, end] = range;
    if (!start || !end) return setDraft(range);
    setDraft(null);
    setIsPicking(false);
    setIsTouched(true);
    type(formatDateRange(start, end));
    onBlur?.();
  };
  const parsed = parseDateRange(text);
  const picked: DatesRangeValue<string> = draft ?? (parsed && dateRangeError(text) === null ? [parsed[0], parsed[1]] : [null, null]);
  // what is wrong with the text comes first: the form sees only its empty value ("A value is required.")
  const typedError = isTouched && text.trim() !== '' ? dateRangeError(text) : null;
  const name = typeof label === 'string' ? label : 'the dates';
  return (
    <Popover opened={isPicking} onChange={setIsPicking} position="bottom-start" trapFocus={false}>
      <Popover.Target>
        <TextInput
          label={label}
          description={description}
          error={typedError ?? error}
          disabled={disabled}
          required={required}
          withAsterisk={required}
          value={text}
          placeholder="YYYY-MM-DD / YYYY-MM-DD"
          autoComplete="off"
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={() => {
            setIsTouched(true);
            onBlur?.();
          }}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={disabled}
              aria-label={`Pick ${name} in a calendar`}
              onClick={() => setIsPicking((open) => !open)}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          type="range"
          value={picked}
          onChange={pick}
          minDate={EARLIEST_DATE}
          defaultDate={picked[0] ?? undefined}
          firstDayOfWeek={1}
          allowSingleDateInRange
        />
      </Popover.Dropdown>
    </Popover>
  );
}
