import crypto from 'node:crypto';
import { schedulePayloadSchema, type ScheduleValues } from '@asb/contracts';
import { parseAttributes } from '../../platform/resources/resource-payload.js';
import type { ScheduleTiming } from './schedule-times.js';
import type { schedules } from './schedules.schema.js';

export type ScheduleRow = typeof schedules.$inferSelect;

const PARTIAL_PAYLOAD = schedulePayloadSchema.partial();

const iso = (date: Date | null) => date?.toISOString() ?? null;
const date = (text: string | null | undefined) => (text ? new Date(text) : null);

/** A stored schedule as payload values: what a PATCH is merged into. */
export function storedValues(row: ScheduleRow): ScheduleValues {
  return {
    processor_id: String(row.processorId),
    processor_version: row.processorVersion,
    title: row.label,
    strategy: row.strategy,
    status: row.status,
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    interval: row.interval,
    interval_period: row.intervalPeriod,
    hour: row.hour,
    minute: row.minute,
    day_of_month: row.dayOfMonth,
    data_url: row.dataUrl,
    inputs: row.inputs,
  };
}

/**
 * The fields a PATCH gives, validated (400 at /data/attributes/{field}). Only the keys
 * present count: the payload's defaults (status, inputs) must not reset stored values.
 */
export function givenValues(attributes: Record<string, unknown>): Partial<ScheduleValues> {
  const parsed = parseAttributes(PARTIAL_PAYLOAD, attributes) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(attributes)
      .filter((key) => key in parsed)
      .map((key) => [key, parsed[key]]),
  ) as Partial<ScheduleValues>;
}

/** The timing the next-time functions read, from payload values. */
export function timingOf(values: ScheduleValues): ScheduleTiming {
  return {
    strategy: values.strategy,
    startTime: date(values.start_time),
    endTime: date(values.end_time),
    interval: values.interval ?? null,
    intervalPeriod: values.interval_period ?? null,
    hour: values.hour ?? null,
    minute: values.minute ?? null,
    dayOfMonth: values.day_of_month ?? [],
  };
}

/** The timing of a stored schedule. */
export function rowTiming(row: ScheduleRow): ScheduleTiming {
  return timingOf(storedValues(row));
}

/** The columns of checked payload values (the workflow id resolved from processor_id). */
export function valueColumns(values: ScheduleValues, workflowId: number) {
  return {
    label: values.title,
    processorId: workflowId,
    processorVersion: values.processor_version ?? null,
    status: values.status,
    // strategy, start and end times, interval and period, hour, minute, days of the month
    ...timingOf(values),
    dataUrl: values.data_url ?? null,
    inputs: values.inputs,
  };
}

/** A new trigger credential: 32 random bytes, URL-safe. */
export function newTriggerToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Compares a presented trigger token with the stored one in constant time (hashing first evens the lengths). */
export function sameToken(presented: string, stored: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(presented), digest(stored));
}
