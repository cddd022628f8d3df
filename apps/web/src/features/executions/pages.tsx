import { ExecutionsPage } from './ExecutionsPage';
import { WORKFLOW_EXECUTIONS } from './kinds/workflow-executions';
import { APPLICATION_EXECUTIONS, MODEL_EXECUTIONS } from './kinds/task-executions';

/** /monitoring (route monitoring): the workflow executions. */
export const WorkflowExecutionsPage = () => <ExecutionsPage kind={WORKFLOW_EXECUTIONS} />;

/** /monitoring/applications: the application executions. */
export const ApplicationExecutionsPage = () => <ExecutionsPage kind={APPLICATION_EXECUTIONS} />;

/** /monitoring/models: the model executions. */
export const ModelExecutionsPage = () => <ExecutionsPage kind={MODEL_EXECUTIONS} />;
