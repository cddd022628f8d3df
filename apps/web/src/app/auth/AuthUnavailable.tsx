import { Alert, Button, Container } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

/** The authentication state is undefined (instance details could not be loaded): nobody can sign in. */
export function AuthUnavailable() {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title="Login disabled" icon={<IconPlugConnectedX />}>
        The authentication service could not be contacted, so this page cannot be shown. Please try again in a moment.
        <Button mt="md" variant="light" color="red" onClick={() => window.location.reload()} display="block">
          Try again
        </Button>
      </Alert>
    </Container>
  );
}
