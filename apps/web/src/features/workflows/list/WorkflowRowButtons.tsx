import { Button } from '@mantine/core';
import type { WorkflowAttributes } from '@asb/contracts';
import { IconCalendarTime, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import type { ListRow } from '../../../ui/resource-list';

export interface WorkflowRowButtonsProps {
  row: ListRow<WorkflowAttributes>;
  /** the schedules feature flag (navbar-schedules) */
  canSchedule: boolean;
}

/** Spec 1 §2 Workflow list: Schedule (schedules flag only) and Execute per row, both hidden for archived workflows. */
export function WorkflowRowButtons({ row, canSchedule }: WorkflowRowButtonsProps) {
  if (row.attributes.isArchived) return null;
  const name = row.attributes.identifier;
  return (
    <>
      {canSchedule && (
        <Button
          component={Link}
          to={routePath('workflowSchedule', { id: row.id })}
          size="compact-sm"
          variant="default"
          leftSection={<IconCalendarTime size={14} />}
          aria-label={`Schedule ${name}`}
        >
          Schedule
        </Button>
      )}
      <Button
        component={Link}
        to={routePath('workflowExecute', { id: row.id })}
        size="compact-sm"
        variant="light"
        leftSection={<IconPlayerPlay size={14} />}
        aria-label={`Execute ${name}`}
      >
        Execute
      </Button>
    </>
  );
}
