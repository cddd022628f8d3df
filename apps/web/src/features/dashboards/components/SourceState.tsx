import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What an executions component shows instead of its picture: sign in (signed out, on a public
 * dashboard), the fetch's failure, or a loader; null once its data is in.
 */
export function sourceState(query: { isError: boolean; data: unknown }, isSignedIn: boolean, height: number): ReactNode {
  const center = (content: ReactNode) => <Center h={height}>{content}</Center>;
  if (!isSignedIn)
    return center(
      <Text size="sm" c="dimmed">
        Sign in to see your executions.
      </Text>,
    );
  if (query.isError)
    return center(
      <Text size="sm" c="red">
        Something went wrong while fetching executions
      </Text>,
    );
  if (query.data === undefined) return center(<Loader size="sm" />);
  return null;
}
