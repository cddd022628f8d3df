import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner for a page whose data or session is still loading. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Loader aria-label={label ?? 'Loading'} />
        {label && (
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
