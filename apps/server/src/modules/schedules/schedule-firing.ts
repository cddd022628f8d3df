import { groupsFromScheduleInputs, type CreateExecutionPayload, type ScheduleInputs } from '@asb/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { resourceWorkspaces } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import { detailError, HttpError, notFound } from '../../platform/http/errors.js';
import { executionsResource } from '../builder/executions.resource.js';
import { ExecutionsRepository } from '../builder/executions.repository.js';
import { scheduleBinding } from '../keystore/keystore.service.js';
import { ExecutionsService } from '../builder/executions.service.js';
import { workflows } from '../knowledge/workflows.schema.js';
import { NO_PRODUCT_INPUT, productInputOf, productValue, type NewItem } from './product-input.js';
import { scheduledWorkflowInputs } from './schedule-check.js';
import type { ScheduleRow } from './schedule-values.js';
import { schedulesResource } from './schedules.resource.js';
import { scheduleItems, schedules } from './schedules.schema.js';

/** Input values by node and identifier, replacing the schedule's own (a trigger's body, a new item). */
export type InputOverrides = Record<string, Record<string, string | null>>;

/** One execution a schedule starts. */
export interface FireRequest {
  schedule: ScheduleRow;
  /** the due time it runs for (time strategies); null for triggers and new items */
  scheduledFor: Date | null;
  /** time strategies: next_run_at moves from → to with the execution, or nothing fires (someone else did) */
  advance?: { from: Date; to: Date | null };
  /** on-new-data: the item, claimed with the execution (an item fires once) */
  item?: NewItem;
  overrides?: InputOverrides;
  now: Date;
}

export type FireOutcome = { status: 'started'; execution: { id: string; identifier: string } } | { status: 'skipped' };

/** Thrown inside the firing transaction to roll it back: another replica (or a change of the schedule) got there first. */
class Skipped extends Error {}

/** Why a run could not start, as `last_error` keeps it: the detail, or each field's message. */
export function failureText(error: unknown): string {
  if (error instanceof HttpError) {
    if (typeof error.body.detail === 'string') return error.body.detail;
    const errors = Array.isArray(error.body.errors) ? (error.body.errors as { detail?: string; source?: { pointer?: string } }[]) : [];
    const texts = errors.map((item) => {
      const field = item.source?.pointer?.replace(/^\/data\/attributes\//, '');
      return field ? `${field}: ${item.detail ?? ''}` : (item.detail ?? '');
    });
    if (texts.length > 0) return texts.join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** A run that could not be created for a reason of its own (workflow, inputs, access): recorded, not retried. */
export function isRefusal(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500;
}

function withOverrides(inputs: ScheduleInputs, overrides: InputOverrides): ScheduleInputs {
  const tasks = [...inputs.tasks];
  for (const [nodeId, values] of Object.entries(overrides)) {
    const index = tasks.findIndex((task) => task.task_id === nodeId);
    if (index === -1) tasks.push({ task_id: nodeId, inputs: { ...values } });
    else tasks[index] = { ...tasks[index]!, inputs: { ...tasks[index]!.inputs, ...values } };
  }
  return { ...inputs, tasks };
}

/**
 * Starts the executions of schedules (docs/schedules.md "Exactly once"), as the schedule's
 * owner, through ExecutionsService.create and execute: the same checks as any execution.
 *
 * One transaction creates the execution, tags it with the schedule and its due time
 * (unique per schedule) or claims the new item (unique per schedule), and moves
 * next_run_at on only if it still holds the value the scheduler read. Whoever comes
 * second — another replica, a tick after a crash — hits the unique key or the moved
 * next_run_at, and its transaction leaves nothing behind. The execution is submitted
 * after the commit; one left 'created' by a crash in between is submitted by the next
 * tick (submitWaiting).
 */
export class ScheduleFiring {
  constructor(private readonly ctx: AppContext) {}

  async fire(request: FireRequest): Promise<FireOutcome> {
    const { schedule } = request;
    const owner = await this.ownerOf(schedule);
    const payload = await this.executionPayload(request);
    // PGlite has one connection: the keystore's first read must not wait behind the transaction
    await this.ctx.keystore.publicKey();
    let created: { id: string; identifier: string };
    try {
      created = await this.ctx.db.transaction((tx) => this.createTagged(tx, owner, payload, request));
    } catch (error) {
      if (error instanceof Skipped) return { status: 'skipped' };
      // this due time has its execution already: only make sure the schedule moves on
      if (isUniqueViolation(error) && request.advance) {
        await this.moveOn(schedule, request.advance, { lastDueAt: request.scheduledFor });
        return { status: 'skipped' };
      }
      throw error;
    }
    await this.submit(owner, created.id);
    return { status: 'started', execution: created };
  }

  private async createTagged(tx: Db, owner: Principal, payload: CreateExecutionPayload, request: FireRequest): Promise<{ id: string; identifier: string }> {
    const { schedule, item, advance } = request;
    if (item) {
      const claimed = await tx.insert(scheduleItems).values({ scheduleId: schedule.id, itemId: item.id }).onConflictDoNothing().returning();
      if (claimed.length === 0) throw new Skipped();
    }
    // the schedule's passwords are sealed for it; the execution gets them sealed for itself
    const document = await new ExecutionsService({ ...this.ctx, db: tx }).create(owner, payload, { sealedFor: scheduleBinding(schedule.identifier) });
    const id = Number(document.data.id);
    await new ExecutionsRepository(tx).tagSchedule(id, {
      scheduleId: schedule.id,
      scheduleIdentifier: schedule.identifier,
      scheduledFor: request.scheduledFor,
    });
    await this.shareLikeSchedule(tx, schedule.id, id);
    const moved = await tx
      .update(schedules)
      .set({ lastRunAt: request.now, lastError: null, ...(advance ? { nextRunAt: advance.to, lastDueAt: request.scheduledFor } : {}) })
      .where(
        and(
          eq(schedules.id, schedule.id),
          eq(schedules.status, 'enabled'),
          eq(schedules.isArchived, false),
          advance ? eq(schedules.nextRunAt, advance.from) : undefined,
        ),
      )
      .returning({ id: schedules.id });
    if (moved.length === 0) throw new Skipped();
    return { id: String(id), identifier: document.data.attributes.identifier };
  }

  /** The schedule's executions are seen where the schedule is: its workspaces. */
  private async shareLikeSchedule(tx: Db, scheduleId: number, executionId: number): Promise<void> {
    const shared = await tx
      .select({ workspaceId: resourceWorkspaces.workspaceId })
      .from(resourceWorkspaces)
      .where(and(eq(resourceWorkspaces.resourceType, schedulesResource.type), eq(resourceWorkspaces.resourceId, scheduleId)));
    if (shared.length === 0) return;
    await tx
      .insert(resourceWorkspaces)
      .values(shared.map(({ workspaceId }) => ({ resourceType: executionsResource.type, resourceId: executionId, workspaceId })));
  }

  /** The owner as a signed-in principal: runs have the owner's rights, no more. */
  private async ownerOf(schedule: ScheduleRow): Promise<Principal> {
    const loaded = await this.ctx.users.principal(schedule.ownerId);
    if (!loaded) throw detailError(409, `The schedule's owner ${schedule.ownerId} is no longer an active user.`);
    return loaded.principal;
  }

  /** POST executions' payload: the pinned version (or the current one) and the schedule's inputs with any overrides. */
  private async executionPayload(request: FireRequest): Promise<CreateExecutionPayload> {
    const { schedule } = request;
    let overrides = request.overrides ?? {};
    if (request.item) overrides = { ...overrides, ...(await this.itemOverrides(schedule, request.item)) };
    return {
      processor_id: String(schedule.processorId),
      ...(schedule.processorVersion ? { processor_version: schedule.processorVersion } : {}),
      inputs: groupsFromScheduleInputs(withOverrides(schedule.inputs, overrides)),
    };
  }

  /** The new item in the workflow's product input (product-input.ts). */
  private async itemOverrides(schedule: ScheduleRow, item: NewItem): Promise<InputOverrides> {
    const [workflow] = await this.ctx.db.select().from(workflows).where(eq(workflows.id, schedule.processorId));
    if (!workflow) throw notFound(`No workflow #${schedule.processorId} found.`);
    const input = productInputOf(await scheduledWorkflowInputs(this.ctx, workflow, schedule.processorVersion));
    if (!input) throw detailError(400, NO_PRODUCT_INPUT);
    return { [input.nodeId]: { [input.identifier]: productValue(input, item) } };
  }

  /** created → pending; someone else having submitted it already is fine. */
  private async submit(owner: Principal, executionId: string): Promise<void> {
    try {
      await new ExecutionsService(this.ctx).execute(owner, executionId);
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
    }
  }

  /** Submits scheduled executions a crash left 'created' between their commit and their submission. */
  async submitWaiting(): Promise<void> {
    const waiting = await new ExecutionsRepository(this.ctx.db).scheduledWaiting(100);
    for (const execution of waiting) {
      const owner = await this.ctx.users.principal(execution.ownerId);
      if (owner) await this.submit(owner.principal, String(execution.id));
    }
  }

  /**
   * A run that could not start: the reason is kept in last_error and, for a due time,
   * the schedule moves on to its next time all the same (that due time is not retried).
   */
  async recordFailure(
    schedule: ScheduleRow,
    reason: string,
    options: { advance?: { from: Date; to: Date | null }; lastDueAt?: Date | null } = {},
  ): Promise<void> {
    if (options.advance) {
      await this.moveOn(schedule, options.advance, { lastDueAt: options.lastDueAt ?? null, lastError: reason });
      return;
    }
    await this.ctx.db.update(schedules).set({ lastError: reason }).where(eq(schedules.id, schedule.id));
  }

  /** next_run_at from → to, only if nobody moved it since. */
  async moveOn(
    schedule: ScheduleRow,
    advance: { from: Date; to: Date | null },
    values: { lastDueAt?: Date | null; lastError?: string } = {},
  ): Promise<boolean> {
    const moved = await this.ctx.db
      .update(schedules)
      .set({
        nextRunAt: advance.to,
        ...(values.lastDueAt ? { lastDueAt: values.lastDueAt } : {}),
        ...(values.lastError !== undefined ? { lastError: values.lastError } : {}),
      })
      .where(and(eq(schedules.id, schedule.id), eq(schedules.nextRunAt, advance.from)))
      .returning({ id: schedules.id });
    return moved.length > 0;
  }
}
