import { EXECUTION_NOT_ALLOWED, type ExecutionAllowed } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { detailError, HttpError, notFound } from '../../platform/http/errors.js';
import type { LoadedResource } from '../../platform/resources/resource-definition.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import type { WorkflowRow } from '../knowledge/workflow-versions.js';
import { workflowsResource } from '../knowledge/workflows.resource.js';
import { workflows } from '../knowledge/workflows.schema.js';

/**
 * The workflow an execution runs, seen through the workflows resource itself so that
 * who may see it (owner, workspaces, superuser) is decided in one place.
 */
export class WorkflowAccess {
  private readonly service: ResourceService<WorkflowRow>;

  constructor(private readonly ctx: AppContext) {
    this.service = new ResourceService(workflowsResource, ctx);
  }

  /**
   * 404 unknown, 403 invisible. processor_id is the workflow id; an identifier is
   * accepted too (API clients and schedules often know the workflow by its slug).
   */
  async load(principal: Principal, processorId: string): Promise<LoadedResource<WorkflowRow>> {
    if (/^\d+$/.test(processorId)) return this.service.load(principal, processorId);
    const [row] = await this.ctx.db.select({ id: workflows.id }).from(workflows).where(eq(workflows.identifier, processorId));
    if (!row) throw notFound(`No workflow ${processorId} found.`);
    return this.service.load(principal, String(row.id));
  }

  /** Spec 1 §6: allowed when the user can view the workflow and it is not archived (no credits here). */
  async allowed(principal: Principal, processorId: string): Promise<ExecutionAllowed> {
    try {
      const workflow = await this.load(principal, processorId);
      return workflow.row.isArchived ? { allowed: false, reason: EXECUTION_NOT_ALLOWED } : { allowed: true };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) return { allowed: false, reason: EXECUTION_NOT_ALLOWED };
      throw error;
    }
  }

  /** The workflow to execute, or 403 EXECUTION_NOT_ALLOWED (404 when it does not exist). */
  async loadExecutable(principal: Principal, processorId: string): Promise<LoadedResource<WorkflowRow>> {
    let workflow: LoadedResource<WorkflowRow>;
    try {
      workflow = await this.load(principal, processorId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) throw detailError(403, EXECUTION_NOT_ALLOWED);
      throw error;
    }
    if (workflow.row.isArchived) throw detailError(403, EXECUTION_NOT_ALLOWED);
    return workflow;
  }
}
