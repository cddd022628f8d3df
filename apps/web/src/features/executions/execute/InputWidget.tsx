import { enumOptions, isEncryptedInput, PRODUCT_DATA_TYPES, type WorkflowInputItem } from '@asb/contracts';
import { Badge, Box, Group, PasswordInput, Select, Switch, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DateRangeInput } from '../../../ui/DateRangeInput';
import { ProductInputWidget } from '../../catalogue/product-input/ProductInputWidget';
import { PasswordOrSecretWidget } from './PasswordInputWidget';

/** Number-like data types: a text input checked by the spec 1 §5 rule of its type. */
const NUMERIC: Record<string, { placeholder: string; inputMode: 'decimal' | 'numeric' }> = {
  latitude: { placeholder: 'from -90 to 90, e.g. 51.2194', inputMode: 'decimal' },
  longitude: { placeholder: 'from -180 to 180, e.g. 4.4025', inputMode: 'decimal' },
  float: { placeholder: 'a decimal number, e.g. 3.14', inputMode: 'decimal' },
  integer: { placeholder: 'a whole number, e.g. 42', inputMode: 'numeric' },
};

interface InputWidgetProps {
  item: WorkflowInputItem;
  value: string;
  /** shown only when the form decides (touched, non-empty or refused by the server) */
  error?: string;
  onChange(value: string): void;
  onBlur(): void;
  publicKey: string | undefined;
}

/** The range the process accepts, as the user reads it before typing ('16 to 2048'). */
function rangeText({ minimum, maximum }: WorkflowInputItem['constraints']): string | undefined {
  if (minimum !== undefined && maximum !== undefined) return `${minimum} to ${maximum}`;
  if (minimum !== undefined) return `at least ${minimum}`;
  if (maximum !== undefined) return `at most ${maximum}`;
  return undefined;
}

/** Under the label: the data type, its accepted range, the input's description and its documentation as a tooltip. */
function WidgetHelp({ item }: { item: WorkflowInputItem }) {
  const range = rangeText(item.constraints);
  return (
    <Box component="span" style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
      <Badge component="span" size="xs" variant="light" color="gray" tt="none">
        {item.dataType.label}
      </Badge>
      {range && (
        <Badge component="span" size="xs" variant="light" color="blue" tt="none">
          {range}
        </Badge>
      )}
      {item.description && <span>{item.description}</span>}
      {item.doc && (
        <Tooltip label={item.doc} multiline maw={320} withArrow>
          <IconInfoCircle size={14} aria-label={item.doc} />
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * One input of the execute form, typed by its data type (spec 1 §2, §5): an enum is a
 * select with the enum_labels as texts, an EO product the catalogue browser, a date range a calendar, a password encrypted
 * in the browser, a boolean a switch, text a text area, anything else a text input.
 * A read-only input shows the workflow's value, disabled.
 */
export function InputWidget({ item, value, error, onChange, onBlur, publicKey }: InputWidgetProps) {
  const label = item.label;
  const description = <WidgetHelp item={item} />;
  const readOnly = !item.userEditable;
  const type = item.dataType.identifier;
  const common = { label, description, error, required: !readOnly, onBlur };

  if (readOnly) {
    if (isEncryptedInput(item)) return <PasswordInput label={label} description={description} disabled placeholder="Set by the workflow" />;
    return <TextInput label={label} description={description} disabled value={item.defaultValue ?? ''} readOnly />;
  }
  if (item.constraints.enum && item.constraints.enum.length > 0) {
    return (
      <Select
        {...common}
        data={enumOptions(item)}
        value={value || null}
        onChange={(choice) => onChange(choice ?? '')}
        placeholder="Choose an option"
        allowDeselect={false}
      />
    );
  }
  if (isEncryptedInput(item)) return <PasswordOrSecretWidget {...common} value={value} onChange={onChange} publicKey={publicKey} />;
  if (PRODUCT_DATA_TYPES.has(type)) return <ProductInputWidget {...common} value={value} onChange={onChange} />;
  if (type === 'date-range') return <DateRangeInput {...common} value={value} onChange={onChange} />;
  if (type === 'boolean') {
    return (
      <div>
        <Switch
          label={label}
          description={description}
          error={error}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
          onBlur={onBlur}
        />
      </div>
    );
  }
  if (type === 'text') return <Textarea {...common} value={value} onChange={(event) => onChange(event.currentTarget.value)} autosize minRows={2} maxRows={8} />;
  const numeric = NUMERIC[type];
  return (
    <TextInput
      {...common}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={numeric?.placeholder}
      inputMode={numeric?.inputMode}
      ff={numeric ? 'monospace' : undefined}
    />
  );
}

export function GroupTitle({ label, nodeId }: { label: string; nodeId: string }) {
  return (
    <Group gap="xs">
      <Text fw={600}>{label}</Text>
      {label !== nodeId && (
        <Text size="xs" c="dimmed" ff="monospace">
          {nodeId}
        </Text>
      )}
    </Group>
  );
}
