import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconKey, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { loginRoute } from '../../auth/login-redirect';
import { routePath } from '../../routes';

interface LoginModalProps {
  providerName: string;
  next: string;
  isOpen: boolean;
  onClose: () => void;
}

/** Spec 1 §2: with an identity provider, sign-in goes through it or through a local account. */
export function LoginModal({ providerName, next, isOpen, onClose }: LoginModalProps) {
  return (
    <Modal opened={isOpen} onClose={onClose} title="Log in" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          Choose how you want to sign in.
        </Text>
        <Button component={Link} to={loginRoute(next, routePath('oidcLogin'))} onClick={onClose} leftSection={<IconKey size={18} />} size="md">
          Log in with {providerName}
        </Button>
        <Button component={Link} to={loginRoute(next)} onClick={onClose} variant="default" leftSection={<IconUser size={18} />} size="md">
          Log in with a local account
        </Button>
      </Stack>
    </Modal>
  );
}
