import type { ExecutionInputGroup, WorkflowExecutionOrder } from '@asb/contracts';
import type { PlatformContext } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import type { ExecutionApplication, ExecutionKind, ExecutionModel } from '../../engine/execution-kind.js';
import { executionIdentifier } from './execution-plan.js';
import { ExecutionsRepository } from './executions.repository.js';

/** Identifiers drawn before giving up: a clash needs the same name, second and 16 random bits. */
const IDENTIFIER_ATTEMPTS = 5;

/** Thrown by `pin` when something already holds the drawn identifier (another execution's folder): another is drawn. */
export class IdentifierTaken extends Error {}

/** What an execution of any kind is made of, less its identifier, which `create` draws. */
export interface ExecutionDraft {
  /** what the identifier starts with: the workflow's, application's or model's identifier */
  name: string;
  label: string;
  ownerId: string;
  workflowExecutionOrder: WorkflowExecutionOrder;
  /** the inputs as stored under this identifier (a workflow's passwords are sealed for it) */
  inputs(identifier: string): Promise<ExecutionInputGroup[]> | ExecutionInputGroup[];
  /** the CWL an application execution runs, pinned with its row */
  cwl?: string;
  /** files put in place under this identifier before the row is written (a model's); throws IdentifierTaken to draw again */
  pin?(identifier: string): Promise<void>;
  /** removes what `pin` put in place when the row was not written */
  unpin?(identifier: string): void;
  /** submit at once (created → pending), the live message carrying these fields */
  submit?: Record<string, string>;
}

/** What each kind records of what it runs. */
interface KindFields {
  workflow: { processorId: number; processorVersion: number };
  application: { application: ExecutionApplication };
  model: { model: ExecutionModel };
}

/**
 * The one place executions are created (docs/architecture.md "Executions"): workflow, application
 * and model executions get their identifier by one rule — `{name}-{YYYYMMDDHHmmss}-{4 hex}`, the
 * name reduced to letters, digits, `_` and `-` — drawn again on a clash, and their row written
 * through the executions repository.
 */
export class ExecutionCreator {
  private readonly executions: ExecutionsRepository;

  constructor(private readonly ctx: Pick<PlatformContext, 'db' | 'bus'>) {
    this.executions = new ExecutionsRepository(ctx.db);
  }

  async create<K extends ExecutionKind>(kind: K, draft: ExecutionDraft & KindFields[K]): Promise<{ id: number; identifier: string }> {
    const base = draft.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80) || kind;
    const subject = kindColumns(kind, draft);
    for (let attempt = 1; ; attempt++) {
      const identifier = executionIdentifier(base);
      try {
        await draft.pin?.(identifier);
      } catch (error) {
        // another execution's files are never removed: a taken identifier is drawn again
        if (error instanceof IdentifierTaken && attempt < IDENTIFIER_ATTEMPTS) continue;
        if (!(error instanceof IdentifierTaken)) draft.unpin?.(identifier);
        throw error;
      }
      let id: number;
      try {
        const values = {
          ...subject,
          identifier,
          kind,
          label: draft.label,
          ownerId: draft.ownerId,
          status: 'created',
          inputs: await draft.inputs(identifier),
          workflowExecutionOrder: draft.workflowExecutionOrder,
        };
        id = await this.executions.insert(values, draft.cwl);
      } catch (error) {
        draft.unpin?.(identifier);
        if (!isUniqueViolation(error) || attempt >= IDENTIFIER_ATTEMPTS) throw error;
        continue;
      }
      if (draft.submit) await this.submit(id, draft.submit);
      return { id, identifier };
    }
  }

  /** created → pending, announced to its owner (the engine follows the announcement); undefined when it was submitted already. */
  async submit(id: number, message: Record<string, string> = {}): Promise<{ id: number; ownerId: string } | undefined> {
    const pending = await this.executions.markPending(id, new Date());
    if (pending) await this.ctx.bus.publish({ type: 'executionUpdate', audience: pending.ownerId, payload: { id: String(id), status: 'pending', ...message } });
    return pending;
  }
}

function kindColumns<K extends ExecutionKind>(kind: K, draft: KindFields[K]) {
  if (kind === 'workflow') {
    const { processorId, processorVersion } = draft as KindFields['workflow'];
    return { processorId, processorVersion, application: null, model: null };
  }
  const none = { processorId: null, processorVersion: 0 };
  return kind === 'application'
    ? { ...none, application: (draft as KindFields['application']).application, model: null }
    : { ...none, application: null, model: (draft as KindFields['model']).model };
}
