import { Container } from '@mantine/core';
import { ResourceList } from '../../ui/resource-list';
import { scheduleSource } from './api';
import { SCHEDULE_ARCHIVE_TEXT, SCHEDULE_COLUMNS, SCHEDULE_DEFAULT_FILTER, SCHEDULE_PRESETS } from './schedule-list-config';

/** /schedules (spec 3 Schedules list): new schedules come from a workflow's Schedule button. */
export function SchedulesPage() {
  return (
    <Container size="xl" py="xl">
      <ResourceList
        title="Schedules"
        noun={{ name: 'Schedule', plural: 'schedules' }}
        source={scheduleSource}
        columns={SCHEDULE_COLUMNS}
        filterPresets={SCHEDULE_PRESETS}
        defaultFilter={SCHEDULE_DEFAULT_FILTER}
        defaultSort="-createdAt"
        rowActions={{ archiveText: SCHEDULE_ARCHIVE_TEXT }}
      />
    </Container>
  );
}
