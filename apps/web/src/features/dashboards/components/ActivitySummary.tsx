import { statusGroup } from '@asb/contracts';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLiveEvent } from '../../../app/live/useLiveEvent';
import { routePath } from '../../../app/routes';
import { ACTIVE_STATUSES, useExecutionCount } from '../../executions/api/executions';
import { countOf } from '../../../ui/plural';
import { useExecutionStatistics, useNewestPublished } from '../api';

/** How far back the failures are counted. */
const FAILED_DAYS = 14;

function Figure({ label, value, link }: { label: string; value: ReactNode; link: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }} aria-label={label} role="group">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} truncate>
        {value}
      </Text>
      <Text size="xs" truncate>
        {link}
      </Text>
    </Stack>
  );
}

/**
 * The information panel's activity (`activity: true`, the home dashboard's welcome): the
 * reader's executions running now, those that failed in the last 14 days, and what is newest on
 * the Marketplace; each read from the API and refetched when an execution changes.
 */
export function ActivitySummary() {
  const running = useExecutionCount(ACTIVE_STATUSES.running);
  const statistics = useExecutionStatistics(FAILED_DAYS, true);
  const newest = useNewestPublished(true);
  useLiveEvent('executionUpdate', () => {
    void running.refetch();
    void statistics.refetch();
  });
  const failed = statistics.data?.days.reduce(
    (sum, day) => sum + Object.entries(day.counts).reduce((daySum, [status, count]) => daySum + (statusGroup(status) === 'failed' ? count : 0), 0),
    0,
  );
  const monitoring = (text: string) => (
    <Anchor component={Link} to={routePath('monitoring')} inherit>
      {text}
    </Anchor>
  );
  const latest = newest.data?.resources[0];
  return (
    <SimpleGrid cols={3} spacing="md" mt="xs" data-testid="activity-summary">
      <Figure
        label="Running now"
        value={running.data === undefined ? '…' : running.data === 0 ? 'Nothing' : countOf(running.data, 'execution')}
        link={monitoring('Follow your executions')}
      />
      <Figure
        label={`Failed in the last ${FAILED_DAYS} days`}
        value={failed === undefined ? '…' : failed === 0 ? 'None' : countOf(failed, 'execution')}
        link={failed ? monitoring('Read why on their reports') : 'Nothing to look into'}
      />
      <Figure
        label="Newest on the Marketplace"
        value={latest ? latest.title : newest.data ? 'Nothing published yet' : '…'}
        link={
          latest ? (
            <Anchor component={Link} to={routePath('marketplace')} inherit>
              {`By ${latest.publisher} · ${countOf(newest.data!.total, 'resource')} published`}
            </Anchor>
          ) : (
            ''
          )
        }
      />
    </SimpleGrid>
  );
}
