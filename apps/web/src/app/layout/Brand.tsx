import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconSatellite } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { brandName } from './brand-name';

export function Brand() {
  const { instance } = useAuth();
  const name = brandName(instance);
  return (
    <UnstyledButton component={Link} to="/" aria-label={`${name} home`}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
          <IconSatellite size={20} aria-hidden />
        </ThemeIcon>
        <Text fw={800} size="lg" lts={0.5}>
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
