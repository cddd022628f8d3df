import { Text } from '@mantine/core';
import type { ExecutionEstimate } from '@asb/contracts';
import { endsInText } from '../executions/ends-in';
import { ENDS_IN_TICK_MS } from '../executions/EndsIn';
import { useNow } from '../executions/use-now';
import { formatDateTime } from '../../ui/formatDateTime';

const runs = (count: number) => (count === 1 ? '1 earlier successful run' : `${count} earlier successful runs`);

/**
 * Above a running execution's timeline: when it should end and from what (docs/estimates.md),
 * and its critical path; or that there is nothing to estimate from.
 */
export function EstimateNote({ estimatedEnd, estimate }: { estimatedEnd: string | null; estimate: ExecutionEstimate | null }) {
  const now = useNow(ENDS_IN_TICK_MS);
  if (estimatedEnd === null || estimate === null) {
    return (
      <Text size="sm" c="dimmed" mb="sm" data-testid="estimate-note">
        No estimated end: no earlier successful run of this workflow version to go by.
      </Text>
    );
  }
  return (
    <Text size="sm" mb="sm" data-testid="estimate-note">
      Estimated end {formatDateTime(estimatedEnd)}, {endsInText(estimatedEnd, now)} (the median of each task over {runs(estimate.basedOnRuns)}; pale dashed bars
      are planned). Critical path, outlined: {estimate.criticalPath.join(' → ')}.
    </Text>
  );
}
