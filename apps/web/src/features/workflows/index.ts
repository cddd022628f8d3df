export { WorkflowsPage } from './list/WorkflowsPage';
export { WorkflowPage } from './workflow/WorkflowPage';
export { WorkflowDetailPage } from './detail/WorkflowDetailPage';
export { ExecuteWorkflowPage, ScheduleWorkflowPage } from './execute/ExecuteWorkflowPage';
