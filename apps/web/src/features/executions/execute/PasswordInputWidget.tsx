import { encryptedPreview } from '@asb/contracts';
import { Code, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { FieldWidgetProps } from '../../../ui/field-widget';
import { encryptValue } from './encryption';

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
export function PasswordInputWidget({ label, description, error, required, value, onChange, onBlur, publicKey }: PasswordInputWidgetProps) {
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
