import type { executionsContract } from '@asb/contracts';
import type { AnswerOf } from '../../platform/resources/resource-contract.js';
import { createExecutionSchema, workflowInputGroups, type ExecutionAllowed, type ProductOrder, type ResourceDocument } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { detailError, permissionDenied } from '../../platform/http/errors.js';
import { parseAttributes } from '../../platform/resources/resource-payload.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { assertReadableGraph } from '../knowledge/readable-versions.js';
import { checkRunnableGraph, loadWorkflowVersion } from '../knowledge/workflow-versions.js';
import { executionBinding } from '../keystore/keystore.service.js';
import { executionInputs, problemsError, sealInputs } from './execution-inputs.js';
import { ExecutionCreator } from './execution-creator.js';
import { executionOrder } from './execution-plan.js';
import { executionsResource, type ExecutionRow } from './executions.resource.js';
import { ExecutionsRepository } from './executions.repository.js';
import { productOrderOf } from './product-order.js';
import { WorkflowAccess } from './workflow-access.js';

export const EMPTY_WORKFLOW = 'The workflow has no nodes to run.';
export const PASSWORD_RERUN_OWNER_ONLY =
  'This execution has password inputs: only its owner can run it again. Execute the workflow with your own values instead.';

/** spec payload `{processor_id, ...}`, or the same wrapped as JSON:API `{data: {attributes}}` */
function unwrap(body: unknown): unknown {
  if (body && typeof body === 'object' && 'data' in body) {
    const data = (body as { data?: unknown }).data;
    if (data && typeof data === 'object' && 'attributes' in data) return (data as { attributes?: unknown }).attributes;
  }
  return body;
}

/** Builder executions (docs/workflows.md "Builder"): create, execute, execution_allowed, product order. */
export class ExecutionsService {
  readonly resources: ResourceService<ExecutionRow, AnswerOf<typeof executionsContract>>;
  private readonly workflows: WorkflowAccess;
  private readonly executions: ExecutionsRepository;
  private readonly creator: ExecutionCreator;

  constructor(private readonly ctx: AppContext) {
    this.resources = new ResourceService(executionsResource, ctx);
    this.executions = new ExecutionsRepository(ctx.db);
    this.creator = new ExecutionCreator(ctx);
    this.workflows = new WorkflowAccess(ctx);
  }

  /**
   * A new execution, 'created'. Password values come as the browser's ciphertext; the
   * server's own callers (a schedule firing, a run again) may also pass values sealed for
   * `options.sealedFor`. Each is stored sealed for the new execution only.
   */
  async create(principal: Principal, body: unknown, options: { sealedFor?: string } = {}): Promise<ResourceDocument<AnswerOf<typeof executionsContract>>> {
    const payload = parseAttributes(createExecutionSchema, unwrap(body));
    const workflow = (await this.workflows.loadExecutable(principal, payload.processor_id)).row;
    const { version, graph } = await loadWorkflowVersion(this.ctx.db, workflow, payload.processor_version);
    if (graph.nodes.length === 0) throw detailError(400, EMPTY_WORKFLOW);

    // The graph was valid when saved; a process version archived or deleted since must
    // stop the run here rather than in the engine.
    const { versions, resolve, problems: graphProblems } = await checkRunnableGraph(this.ctx, graph);
    if (graphProblems.length > 0) {
      throw problemsError(
        'Workflow cannot run',
        graphProblems.map((problem) => ({ pointer: '/data/attributes/processor_version', message: `Version ${version}: ${problem.message}` })),
      );
    }
    // whoever may edit the workflow chose its code: the caller's inputs go only to code the caller may read
    await assertReadableGraph(this.ctx, principal, graph);

    const { keystore } = this.ctx;
    const { inputs, problems } = await executionInputs(
      workflowInputGroups(graph, resolve),
      payload.inputs,
      (text) => keystore.reveal(text, options.sealedFor),
      (tag) => this.ctx.secrets.has(principal.username, tag),
    );
    if (problems.length > 0) throw problemsError('Invalid input', problems);

    const { id } = await this.creator.create('workflow', {
      name: workflow.identifier,
      label: workflow.label,
      ownerId: principal.username,
      processorId: workflow.id,
      processorVersion: version,
      workflowExecutionOrder: executionOrder(workflow, version, graph, versions),
      inputs: (identifier) => sealInputs(inputs, (clear) => keystore.seal(clear, executionBinding(identifier))),
    });
    return this.resources.get(principal, String(id));
  }

  /**
   * Runs an execution again (docs/execution-report.md "Run again"): a new execution, owned by
   * the caller, of the same workflow version with the same input values, checked as any
   * new execution is, and submitted at once. The caller must be able to view the execution
   * and to execute its workflow; an execution with password inputs is run again only by its
   * owner (their password, sealed for it, is sealed anew for the new one).
   */
  async rerun(principal: Principal, id: string): Promise<ResourceDocument<AnswerOf<typeof executionsContract>>> {
    const { row } = await this.resources.load(principal, id);
    if (row.status === 'created' || row.status === 'pending' || row.status === 'running') {
      throw detailError(409, `Execution ${row.identifier} has not ended (status ${row.status}).`);
    }
    if (row.kind !== 'workflow') throw detailError(400, `Execution ${row.identifier} ran an application: run it again from the application's execute page.`);
    const hasPasswords = row.inputs.some((group) => group.items.some((item) => item.encrypted || item.secret));
    if (hasPasswords && row.ownerId !== principal.username) throw detailError(403, PASSWORD_RERUN_OWNER_ONLY);
    const created = await this.create(
      principal,
      {
        processor_id: String(row.processorId),
        processor_version: row.processorVersion,
        inputs: row.inputs.map((group) => ({ node_id: group.node_id, items: group.items.map((item) => ({ identifier: item.identifier, value: item.value })) })),
      },
      { sealedFor: executionBinding(row.identifier) },
    );
    return this.execute(principal, created.data.id);
  }

  /** An execution the principal may change (execute, order): 404 unknown, 403 otherwise. */
  private async changeable(principal: Principal, id: string): Promise<ExecutionRow> {
    const loaded = await this.resources.load(principal, id);
    if (!this.resources.authorize(principal, 'change', loaded)) throw permissionDenied();
    return loaded.row;
  }

  /** created -> pending: the engine takes it from there. Only once, whoever asks twice. */
  async execute(principal: Principal, id: string): Promise<ResourceDocument<AnswerOf<typeof executionsContract>>> {
    const row = await this.changeable(principal, id);
    // conditional on the status in the UPDATE itself: two clicks at once submit once
    if (!(await this.creator.submit(row.id))) {
      const current = await this.executions.statusOf(row.id);
      throw detailError(409, `Execution ${row.identifier} has already been submitted (status ${current ?? row.status}).`);
    }
    return this.resources.get(principal, id);
  }

  async executionAllowed(principal: Principal, processorId: string | undefined): Promise<{ data: ExecutionAllowed }> {
    if (!processorId) throw detailError(400, 'Give the workflow as processor_id.');
    return { data: await this.workflows.allowed(principal, processorId) };
  }

  /** The EO products the execution needs, computed once and kept: asking again answers the same order. */
  async productOrder(principal: Principal, id: string): Promise<{ data: ProductOrder }> {
    const row = await this.changeable(principal, id);
    if (row.productOrder) return { data: row.productOrder };
    const order = productOrderOf(row.id, row.inputs);
    await this.executions.setProductOrder(row.id, order);
    return { data: order };
  }
}
