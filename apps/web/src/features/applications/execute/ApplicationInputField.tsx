import { Badge, Box, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { ProductInputWidget } from '../../catalogue/product-input/ProductInputWidget';
import { isRequired, type FieldValue, type InputField } from './application-form';

interface ApplicationInputFieldProps {
  field: InputField;
  value: FieldValue;
  /** shown only when the form decides (touched, or refused by the server) */
  error?: string;
  onChange(value: FieldValue): void;
  onBlur(): void;
}

const PLACEHOLDERS: Partial<Record<InputField['kind'], string>> = {
  int: 'a whole number, e.g. 42',
  long: 'a whole number, e.g. 42',
  float: 'a number, e.g. 3.14',
  file: 'https://… URL of the file',
  directory: 'https://… URL of the directory',
  record: '{"field": "value"}',
};

/** Under the label: the CWL type as read, and the input's doc. */
function FieldHelp({ field }: { field: InputField }) {
  return (
    <Box component="span" style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
      <Badge component="span" size="xs" variant="light" color="gray" tt="none" ff="monospace">
        {field.typeLabel}
      </Badge>
      {field.doc && field.doc !== field.label && <span>{field.doc}</span>}
    </Box>
  );
}

/**
 * One input of the execute application form, typed by its CWL type (spec 3 §2, §5): a
 * string is a text input, a number a numeric one, a boolean a switch, an enum a select of
 * its symbols, a File or Directory its URL, an EO product the catalogue's product widget
 * ('Select as input'), a record JSON text; an array a tag list.
 */
export function ApplicationInputField({ field, value, error, onChange, onBlur }: ApplicationInputFieldProps) {
  const label = field.label;
  const description = <FieldHelp field={field} />;
  const common = { label, description, error, required: isRequired(field), onBlur };
  const text = Array.isArray(value) ? value.join(',') : value;

  if (field.kind === 'product') {
    return <ProductInputWidget {...common} value={text} onChange={onChange} />;
  }
  if (field.isArray) {
    return (
      <TagsInput
        {...common}
        data={field.symbols}
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
        splitChars={[',']}
        acceptValueOnBlur
        allowDuplicates
        placeholder={field.symbols.length > 0 ? 'Choose or type values' : 'Type a value and press Enter (or separate with commas)'}
      />
    );
  }
  if (field.kind === 'enum') {
    return (
      <Select
        {...common}
        data={field.symbols}
        value={text || null}
        onChange={(choice) => onChange(choice ?? '')}
        placeholder="Choose an option"
        clearable={field.optional}
      />
    );
  }
  if (field.kind === 'boolean') {
    return (
      <div>
        <Switch
          label={label}
          description={description}
          error={error}
          checked={text === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
          onBlur={onBlur}
        />
      </div>
    );
  }
  if (field.kind === 'record') {
    return (
      <Textarea
        {...common}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={8}
        ff="monospace"
        placeholder={PLACEHOLDERS.record}
      />
    );
  }
  const isNumber = field.kind === 'int' || field.kind === 'long' || field.kind === 'float';
  return (
    <TextInput
      {...common}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={PLACEHOLDERS[field.kind]}
      inputMode={isNumber ? (field.kind === 'float' ? 'decimal' : 'numeric') : undefined}
      ff={isNumber ? 'monospace' : undefined}
    />
  );
}
