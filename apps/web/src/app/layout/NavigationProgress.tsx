import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';

/** A thin bar under the header while a lazily loaded page is on its way. */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return <Progress value={100} animated size={3} radius={0} pos="absolute" bottom={0} left={0} right={0} aria-label="Loading page" />;
}
