import type { ScheduleAttributes } from '@asb/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { executionCountOfSchedule } from '../builder/executions.repository.js';
import { workflows } from '../knowledge/workflows.schema.js';
import type { CompletedAttributes } from './schedules.resource.js';
import { schedules } from './schedules.schema.js';

interface ScheduleObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
}

function scheduleObjects(payload: unknown): ScheduleObject[] {
  if (!payload || typeof payload !== 'object' || !('data' in payload)) return [];
  const data = (payload as { data: unknown }).data;
  const objects = Array.isArray(data) ? data : [data];
  return objects.filter(
    (object): object is ScheduleObject =>
      !!object && typeof object === 'object' && (object as ScheduleObject).type === 'schedules' && !!(object as ScheduleObject).attributes,
  );
}

/** The trigger URL of a schedule (docs/schedules.md "External trigger"). */
function triggerUrl(baseUrl: string, scheduleId: number, token: string): string {
  return `${baseUrl}/builder/v1/schedules/${scheduleId}/trigger/${token}`;
}

/**
 * Completes the schedules of an answer with what their rows alone do not hold: the
 * workflow's identifier and label, how many executions they started, and the trigger
 * URL — for external-trigger schedules, shown to their owner and superusers only (it is
 * the credential that starts runs), null for everyone else. One query per answer.
 */
export async function completeScheduleDocuments(ctx: AppContext, principal: Principal | null, baseUrl: string, payload: unknown): Promise<void> {
  const objects = scheduleObjects(payload);
  if (objects.length === 0) return;
  const rows = await ctx.db
    .select({
      id: schedules.id,
      ownerId: schedules.ownerId,
      strategy: schedules.strategy,
      token: schedules.triggerToken,
      processorIdentifier: workflows.identifier,
      processorLabel: workflows.label,
      executionCount: executionCountOfSchedule(schedules.id),
    })
    .from(schedules)
    .innerJoin(workflows, eq(workflows.id, schedules.processorId))
    .where(
      inArray(
        schedules.id,
        objects.map((object) => Number(object.id)),
      ),
    );
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  for (const object of objects) {
    const row = byId.get(object.id);
    const mayTrigger = !!row && !!principal && (principal.isSuperuser || principal.username === row.ownerId);
    const completed: Pick<ScheduleAttributes, CompletedAttributes> = {
      processorIdentifier: row?.processorIdentifier ?? '',
      processorLabel: row?.processorLabel ?? '',
      executionCount: row?.executionCount ?? 0,
      triggerUrl: row && mayTrigger && row.strategy === 'external-trigger' ? triggerUrl(baseUrl, row.id, row.token) : null,
    };
    Object.assign(object.attributes, completed);
  }
}
