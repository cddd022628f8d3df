import { Text } from '@mantine/core';
import { formatDateTime } from '../../ui/formatDateTime';
import { endsInText } from './ends-in';
import { useNow } from './use-now';

/** The minutes left change as time passes, even when the estimate read from the server does not. */
export const ENDS_IN_TICK_MS = 15_000;

/**
 * A running execution's expected end, 'ends in ~3 min' (docs/estimates.md); without an
 * estimate (no earlier successful run to go by) a dash that says why on hover.
 */
export function EndsIn({ estimatedEnd }: { estimatedEnd: string | null }) {
  const now = useNow(ENDS_IN_TICK_MS);
  if (estimatedEnd === null) {
    return (
      <Text size="sm" c="dimmed" title="No estimate: no earlier successful run of this workflow version to go by">
        –
      </Text>
    );
  }
  return (
    <Text size="sm" title={`Estimated end ${formatDateTime(estimatedEnd)}`} data-estimated-end={estimatedEnd}>
      {endsInText(estimatedEnd, now)}
    </Text>
  );
}
