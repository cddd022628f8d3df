import { Anchor, Center, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A resource page whose resource could not be loaded: 'Workflow not found', 'Schedule not found' (spec 1 §2), and the way back to its list. */
export function ResourceNotFound({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Anchor component={Link} to={backTo}>
          {backLabel}
        </Anchor>
      </Stack>
    </Center>
  );
}
