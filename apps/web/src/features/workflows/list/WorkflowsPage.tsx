import { Container } from '@mantine/core';
import { useAuth } from '../../../app/auth/auth-context';
import { ResourceList } from '../../../ui/resource-list';
import { workflowSource } from '../api/workflows';
import { NEW_WORKFLOW, WORKFLOW_ARCHIVE_TEXT, WORKFLOW_COLUMNS, WORKFLOW_DEFAULT_FILTER, WORKFLOW_PRESETS } from './workflow-list-config';
import { WorkflowRowButtons } from './WorkflowRowButtons';

/** The feature flag of the Schedules entry; the Schedule buttons follow it (spec 1 §2). */
const SCHEDULES_FEATURE = 'navbar-schedules';

/** /workflows: the generic list of workflows (spec 1 §2 Workflow list). */
export function WorkflowsPage() {
  const { hasFeature } = useAuth();
  const canSchedule = hasFeature(SCHEDULES_FEATURE);
  return (
    <Container size="xl" py="xl">
      <ResourceList
        title="Workflows"
        noun={{ name: 'Workflow', plural: 'workflows' }}
        source={workflowSource}
        columns={WORKFLOW_COLUMNS}
        filterPresets={WORKFLOW_PRESETS}
        defaultFilter={WORKFLOW_DEFAULT_FILTER}
        defaultSort="-createdAt"
        create={NEW_WORKFLOW}
        rowActions={{ archiveText: WORKFLOW_ARCHIVE_TEXT }}
        renderRowExtras={(row) => <WorkflowRowButtons row={row} canSchedule={canSchedule} />}
      />
    </Container>
  );
}
