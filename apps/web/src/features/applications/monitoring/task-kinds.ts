import { routePath } from '../../../app/routes';
import type { ApplicationExecutionAttributes, TaskKind } from '../api/executions';

/** How the monitoring pages show one kind of execution task (spec 3 §2 "Executions lists and reports (applications and models)"). */
export interface TaskKindView {
  kind: TaskKind;
  /** the list's title */
  title: string;
  /** what ran: the column's and the report's label */
  subject: 'Application' | 'Model';
  empty: string;
  /** the page of what ran */
  detailPath(attributes: Pick<ApplicationExecutionAttributes, 'processIdentifier' | 'workflowIdentifier'>): string;
  reportPath(id: string): string;
}

export const APPLICATION_TASKS: TaskKindView = {
  kind: 'application',
  title: 'Application executions',
  subject: 'Application',
  empty: 'No application executions found',
  detailPath: (a) => routePath('catalogueApplicationDetail', { id: a.processIdentifier, appId: a.workflowIdentifier }),
  reportPath: (id) => routePath('applicationReport', { id }),
};

export const MODEL_TASKS: TaskKindView = {
  kind: 'model',
  title: 'Model executions',
  subject: 'Model',
  empty: 'No model executions found',
  detailPath: (a) => routePath('catalogueModelDetail', { id: a.processIdentifier, modelId: a.workflowIdentifier }),
  reportPath: (id) => routePath('modelReport', { id }),
};
