import { encryptedPreview, secretReference, secretTagOf } from '@asb/contracts';
import { Anchor, Code, PasswordInput, Select, Stack, Switch, Text } from '@mantine/core';
import { IconKey, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../app/api/http';
import { routePath } from '../../../app/routes';
import type { FieldWidgetProps } from '../../../ui/field-widget';
import { encryptValue } from './encryption';

/** The signed-in user's secret tags (GET knowledge/v1/secrets): a password input may name one instead of a typed value. */
function useSecretTags(isEnabled: boolean) {
  return useQuery({
    queryKey: ['/knowledge/v1', 'secrets', 'tags'],
    enabled: isEnabled,
    queryFn: async ({ signal }) => {
      const document = await api('GET /knowledge/v1/secrets', { query: { 'page[size]': 100, sort: 'identifier' }, signal, jsonApi: true });
      return document.data.map((secret) => secret.attributes.tag);
    },
  });
}

/**
 * A password input takes either a typed value or one of the user's stored secrets (docs/security.md
 * "Secrets in executions"): with 'Use a stored secret' on, the value is the reference `{{secret:tag}}`,
 * which the server resolves only for the task that uses it; nothing is encrypted in the browser.
 */
export function PasswordOrSecretWidget(props: PasswordInputWidgetProps) {
  const { label, description, error, required, value, onChange, onBlur } = props;
  const [useSecret, setUseSecret] = useState(() => secretTagOf(value) !== undefined);
  const tags = useSecretTags(useSecret);
  const toggle = (
    <Switch
      size="xs"
      label="Use a stored secret"
      checked={useSecret}
      onChange={(event) => {
        setUseSecret(event.currentTarget.checked);
        onChange('');
      }}
    />
  );
  if (!useSecret) {
    return (
      <Stack gap={4}>
        <PasswordInputWidget {...props} />
        {toggle}
      </Stack>
    );
  }
  const options = tags.data ?? [];
  return (
    <Stack gap={4}>
      <Select
        label={label}
        description={description}
        error={error ?? (tags.isError ? 'Something went wrong while fetching secrets' : undefined)}
        required={required}
        withAsterisk={required}
        leftSection={<IconKey size={16} />}
        placeholder={tags.isPending ? 'Loading your secrets…' : 'Choose a secret'}
        data={options}
        searchable
        nothingFoundMessage="No secrets found"
        value={secretTagOf(value) ?? null}
        onChange={(tag) => onChange(tag ? secretReference(tag) : '')}
        onBlur={onBlur}
      />
      {toggle}
      {tags.isSuccess && options.length === 0 && (
        <Text size="xs" c="dimmed">
          You have no secrets yet: store one on the{' '}
          <Anchor component={Link} to={routePath('secrets')} size="xs">
            Secrets
          </Anchor>{' '}
          page.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Only the task that uses it receives the secret&apos;s value.
      </Text>
    </Stack>
  );
}

/** The value is the clear text: it stays in the browser, only its ciphertext is sent. */
interface PasswordInputWidgetProps extends FieldWidgetProps {
  /** the keystore's public key (SPKI, base64); undefined while it loads */
  publicKey: string | undefined;
}

/**
 * A password input (spec 1 §5): encrypted in the browser with the instance's public key
 * (RSA-OAEP / SHA-256) as it is typed, showing the first 75 characters of the ciphertext.
 * The form encrypts again on submit; the clear text is never sent.
 */
function PasswordInputWidget({ label, description, error, required, value, onChange, onBlur, publicKey }: PasswordInputWidgetProps) {
  const [preview, setPreview] = useState<{ clear: string; cipher: string } | { clear: string; failure: string } | null>(null);
  const latest = useRef(0);
  const change = (text: string) => {
    onChange(text);
    const request = ++latest.current;
    if (!text || !publicKey) return;
    encryptValue(text, publicKey).then(
      (cipher) => request === latest.current && setPreview({ clear: text, cipher }),
      (failure: unknown) => request === latest.current && setPreview({ clear: text, failure: failure instanceof Error ? failure.message : String(failure) }),
    );
  };
  const current = preview && preview.clear === value ? preview : null;
  return (
    <Stack gap={4}>
      <PasswordInput
        label={label}
        description={description}
        error={error ?? (current && 'failure' in current ? `The value cannot be encrypted: ${current.failure}` : undefined)}
        required={required}
        withAsterisk={required}
        value={value}
        onChange={(event) => change(event.currentTarget.value)}
        onBlur={onBlur}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
      />
      {!publicKey ? (
        <Text size="xs" c="dimmed">
          Loading the encryption key…
        </Text>
      ) : current && 'cipher' in current ? (
        <Text size="xs" c="dimmed" data-testid="encrypted-preview">
          Encrypted value: <Code>{encryptedPreview(current.cipher)}</Code>
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Encrypted in your browser before it is sent.
        </Text>
      )}
    </Stack>
  );
}
