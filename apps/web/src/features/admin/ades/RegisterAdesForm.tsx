import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useRegisterAdes } from '../api/ades';

/**
 * Spec 3 §2 / §5: register an ADES by its URL (non-empty: the button is disabled while it is
 * blank, and while loading), with an optional bearer token the portal sends to it (stored encrypted, never shown again).
 */
export function RegisterAdesForm() {
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const register = useRegisterAdes();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      setError('This field may not be blank.');
      return;
    }
    register.mutate(
      { url: url.trim(), token },
      {
        onSuccess: () => {
          setUrl('');
          setToken('');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="ADES URL"
          description="The landing page of an OGC API – Processes server"
          placeholder="https://ades.example.org/ogcapi/"
          required
          value={url}
          error={error}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setError(undefined);
          }}
          style={{ flex: 2, minWidth: 280 }}
        />
        <PasswordInput
          label="Token"
          description="Optional bearer token for this ADES"
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
          autoComplete="off"
        />
        <Button type="submit" loading={register.isPending} disabled={register.isPending || !url.trim()}>
          Register
        </Button>
      </Group>
    </form>
  );
}
