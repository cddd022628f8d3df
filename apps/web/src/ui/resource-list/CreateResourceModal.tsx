import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { NOTIFY_MS } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, handleError } from '../../app/api/error-handler';
import { isComplete, payloadOf, withDerived } from './create-values';
import type { CreateConfig, CreatedItem, ListSource, ResourceNoun } from './types';

export interface CreateResourceModalProps<A extends object> {
  isOpened: boolean;
  config: CreateConfig;
  noun: ResourceNoun;
  source: ListSource<A>;
  onClose(): void;
}

export function CreateResourceModal<A extends object>(props: CreateResourceModalProps<A>) {
  const { isOpened, config, onClose } = props;
  return (
    <Modal opened={isOpened} onClose={onClose} title={config.title ?? config.buttonLabel}>
      {/* mounted per opening so every opening starts empty */}
      {isOpened && <CreateForm {...props} />}
    </Modal>
  );
}

function CreateForm<A extends object>({ config, noun, source, onClose }: CreateResourceModalProps<A>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [isPending, setIsPending] = useState(false);
  const [result, setResult] = useState<ReactNode>(null);
  const shown = withDerived(config.fields, values);

  const succeed = async (item: CreatedItem, payload: Record<string, string>) => {
    notifications.show({
      message: config.successMessage?.(item, payload) ?? `${noun.name} #${item.id} successfully created`,
      color: 'green',
      autoClose: config.successAutoClose ?? NOTIFY_MS.success,
    });
    try {
      await config.onCreated?.(item, payload);
    } catch (error) {
      handleError(error);
    }
    await queryClient.invalidateQueries({ queryKey: source.key });
    if (config.renderResult) {
      setResult(config.renderResult(item));
      return;
    }
    onClose();
    const path = config.pathOf?.(item);
    if (path) await navigate(path);
  };

  const submit = async () => {
    const payload = payloadOf(config.fields, values);
    setIsPending(true);
    setErrors({});
    setGeneralErrors([]);
    try {
      const item = await source.create!(payload);
      await succeed(item, payload);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (!fieldErrors) return handleError(error);
      // spec 1 §5: 400s show under the matching field, the rest in an alert
      const names = new Set(config.fields.map((f) => f.name));
      setErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => names.has(name))));
      setGeneralErrors(
        Object.entries(fieldErrors)
          .filter(([name]) => !names.has(name))
          .map(([, message]) => message),
      );
    } finally {
      setIsPending(false);
    }
  };

  if (result) {
    return (
      <Stack>
        {result}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {config.fields.map((field, index) => (
          <TextInput
            key={field.name}
            label={field.label}
            type={field.isSecret ? 'password' : undefined}
            autoComplete={field.isSecret ? 'new-password' : undefined}
            placeholder={field.placeholder}
            description={field.description}
            withAsterisk={field.isRequired && !field.derive}
            readOnly={Boolean(field.derive)}
            variant={field.derive ? 'filled' : 'default'}
            value={shown[field.name] ?? ''}
            error={errors[field.name]}
            data-autofocus={index === 0 || undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ))}
        {generalErrors.length > 0 && (
          <Alert color="red" variant="light">
            {generalErrors.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending} disabled={!isComplete(config.fields, values)}>
            {config.submitLabel ?? 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
