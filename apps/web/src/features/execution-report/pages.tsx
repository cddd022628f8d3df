import { ExecutionReportPage } from './ExecutionReportPage';
import { APPLICATION_REPORT, MODEL_REPORT } from './kinds/task-report';
import { WORKFLOW_REPORT } from './kinds/workflow-report';

/** /executions/{id}/report */
export const WorkflowReportPage = () => <ExecutionReportPage kind={WORKFLOW_REPORT} />;

/** /monitoring/applications/{id}/report */
export const ApplicationReportPage = () => <ExecutionReportPage kind={APPLICATION_REPORT} />;

/** /monitoring/models/{id}/report */
export const ModelReportPage = () => <ExecutionReportPage kind={MODEL_REPORT} />;
