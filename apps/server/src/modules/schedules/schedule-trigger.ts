import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { detailError, HttpError, notFound } from '../../platform/http/errors.js';
import { parseAttributes } from '../../platform/resources/resource-payload.js';
import { failureText, isRefusal, type InputOverrides, type ScheduleFiring } from './schedule-firing.js';
import { sameToken } from './schedule-values.js';
import { schedules } from './schedules.schema.js';

const TRIGGER_NOT_FOUND = 'No schedule answers this trigger URL.';

/** The optional body of a trigger: input values replacing the schedule's, by node and identifier. */
const triggerBodySchema = z
  .object({ inputs: z.record(z.string().min(1), z.record(z.string().min(1), z.string().max(100_000).nullable())).default({}) })
  .default({ inputs: {} });

/**
 * POST builder/v1/schedules/{id}/trigger/{token} (docs/schedules.md "External trigger"):
 * the token is the only credential, compared in constant time; a wrong id or token is
 * 404 alike. Starts one execution of an enabled, unarchived external-trigger schedule,
 * as its owner, at once; 409 when the schedule is not in that state or the run cannot
 * start (the reason is also kept in last_error), 400 for input values that do not pass.
 */
export async function triggerSchedule(
  ctx: AppContext,
  firing: ScheduleFiring,
  id: string,
  token: string,
  body: unknown,
): Promise<{ id: string; identifier: string }> {
  const [schedule] = /^\d{1,9}$/.test(id)
    ? await ctx.db
        .select()
        .from(schedules)
        .where(eq(schedules.id, Number(id)))
    : [];
  if (!schedule || !sameToken(token, schedule.triggerToken)) throw notFound(TRIGGER_NOT_FOUND);
  if (schedule.strategy !== 'external-trigger')
    throw detailError(409, `Schedule ${schedule.identifier} does not run on a trigger (strategy ${schedule.strategy}).`);
  if (schedule.isArchived) throw detailError(409, `Schedule ${schedule.identifier} is archived: unarchive and enable it to trigger it.`);
  if (schedule.status !== 'enabled') throw detailError(409, `Schedule ${schedule.identifier} is disabled: enable it to trigger it.`);
  const overrides: InputOverrides = parseAttributes(triggerBodySchema, body ?? undefined).inputs;
  let outcome;
  try {
    outcome = await firing.fire({ schedule, scheduledFor: null, overrides, now: new Date() });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await firing.recordFailure(schedule, failureText(error));
    if (error instanceof HttpError && error.statusCode === 400) throw error;
    throw detailError(409, `Schedule ${schedule.identifier} could not start an execution: ${failureText(error)}`);
  }
  if (outcome.status === 'skipped') throw detailError(409, `Schedule ${schedule.identifier} was disabled or archived meanwhile.`);
  return outcome.execution;
}
