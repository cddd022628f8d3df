import { isDataTypeCompatible, type NodeInputSettings, type NodePort } from '@asb/contracts';
import { Alert, Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useDataTypes } from '../api/editor';
import { ListTextarea } from './ListTextarea';

export const PASSWORD_NOTE =
  'Values of this input are encrypted in the browser with the instance key (RSA-OAEP, SHA-256): the server stores only the ciphertext and nobody can read them back.';

export type SettingsField = keyof NodeInputSettings | 'enum' | 'enum_labels';

interface InputSettingsFormProps {
  port: NodePort;
  settings: NodeInputSettings | undefined;
  isReadOnly: boolean;
  /** a change of one field; the field names the undo entry that typing in it extends */
  onChange: (patch: Partial<NodeInputSettings>, field: SettingsField) => void;
}

function signatureDefault(port: NodePort): string {
  return port.default === undefined || port.default === null ? '' : String(port.default);
}

/** Data types the input may be shown as: the declared one narrowed (spec 1 §3 dataType). */
function useNarrowingOptions(declared: string, current: string | undefined) {
  const dataTypes = useDataTypes();
  return useMemo(() => {
    const options = (dataTypes.data ?? [])
      .filter((type) => type.attributes.identifier !== declared && isDataTypeCompatible(type.attributes.identifier, declared))
      .map((type) => ({ value: type.attributes.identifier, label: `${type.attributes.label} (${type.attributes.identifier})` }));
    if (current && !options.some((option) => option.value === current)) options.unshift({ value: current, label: current });
    return options;
  }, [dataTypes.data, declared, current]);
}

/** Spec 1 §3 Workflow input: the settings of one input no connection feeds. */
export function InputSettingsForm({ port, settings = {}, isReadOnly, onChange }: InputSettingsFormProps) {
  const options = useNarrowingOptions(port.dataType, settings.dataType);
  const constraints = settings.constraints ?? {};
  const isPassword = port.dataType === 'password' || settings.dataType === 'password';
  const setConstraint = (name: 'enum' | 'enum_labels', value: string[] | undefined) => onChange({ constraints: { ...constraints, [name]: value } }, name);

  return (
    <Stack gap={8}>
      {isPassword && (
        <Alert color="gray" variant="light" p="xs" icon={<IconLock size={16} />}>
          {PASSWORD_NOTE}
        </Alert>
      )}
      <TextInput
        size="xs"
        label="Label"
        placeholder={port.name}
        value={settings.label ?? ''}
        disabled={isReadOnly}
        onChange={(event) => onChange({ label: event.currentTarget.value }, 'label')}
      />
      <TextInput
        size="xs"
        label="Default value"
        description={signatureDefault(port) ? `Empty: the process's default ${signatureDefault(port)}` : undefined}
        placeholder={signatureDefault(port)}
        value={settings.defaultValue ?? ''}
        disabled={isReadOnly}
        onChange={(event) => onChange({ defaultValue: event.currentTarget.value }, 'defaultValue')}
      />
      <Group gap="md">
        <Checkbox
          size="xs"
          label="User visible"
          checked={settings.userVisible ?? true}
          disabled={isReadOnly}
          onChange={(event) => onChange({ userVisible: event.currentTarget.checked }, 'userVisible')}
        />
        <Checkbox
          size="xs"
          label="User editable"
          checked={settings.userEditable ?? true}
          disabled={isReadOnly}
          onChange={(event) => onChange({ userEditable: event.currentTarget.checked }, 'userEditable')}
        />
      </Group>
      <Select
        size="xs"
        label="Data type"
        description={`Declared ${port.dataType}; a narrower type changes the execute form's widget`}
        placeholder={`As declared (${port.dataType})`}
        data={options}
        value={settings.dataType ?? null}
        searchable
        clearable
        disabled={isReadOnly}
        nothingFoundMessage="No narrower data type"
        onChange={(value) => onChange({ dataType: value ?? undefined }, 'dataType')}
      />
      <TextInput
        size="xs"
        label="Doc"
        description="A short help text or link shown with the input"
        value={settings.doc ?? ''}
        disabled={isReadOnly}
        onChange={(event) => onChange({ doc: event.currentTarget.value }, 'doc')}
      />
      <Textarea
        size="xs"
        label="Description"
        placeholder={port.description}
        autosize
        minRows={2}
        maxRows={6}
        value={settings.description ?? ''}
        disabled={isReadOnly}
        onChange={(event) => onChange({ description: event.currentTarget.value }, 'description')}
      />
      <ListTextarea
        label="Choices"
        description="One allowed value per line; empty: any value"
        value={constraints.enum}
        disabled={isReadOnly}
        onChange={(value) => setConstraint('enum', value)}
      />
      <ListTextarea
        label="Choice labels"
        description="One label per choice, in the same order"
        value={constraints.enum_labels}
        disabled={isReadOnly}
        onChange={(value) => setConstraint('enum_labels', value)}
      />
    </Stack>
  );
}
