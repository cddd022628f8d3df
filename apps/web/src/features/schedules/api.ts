import type { ResourceDocument, ScheduleAttributes, SchedulePayload, schedulesContract } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/http';
import { jsonApiSource } from '../../ui/resource-list';
import { BUILDER } from '../executions/api/keys';

export type Schedule = ResourceDocument<ScheduleAttributes>['data'];

/** Spec 3 Schedules list: the generic list calls on builder/v1/schedules (archive, share, delete too). */
export const scheduleSource = jsonApiSource<typeof schedulesContract>(BUILDER, 'schedules');

export const SCHEDULES_KEY = scheduleSource.key;
const scheduleKey = (id: string) => [...SCHEDULES_KEY, 'detail', id] as const;

/** GET schedules/{id} (spec 1 §7 Builder). */
export function useSchedule(id: string) {
  return useQuery({
    queryKey: scheduleKey(id),
    queryFn: async ({ signal }) => (await api('GET /builder/v1/schedules/{id}', { params: { id }, signal, jsonApi: true })).data,
  });
}

/** POST schedules with the spec payload. */
export async function createSchedule(payload: SchedulePayload): Promise<Schedule> {
  return (await api('POST /builder/v1/schedules', { body: payload, jsonApi: true })).data;
}

/** PATCH schedules/{id} with the spec payload. */
export async function updateSchedule(id: string, payload: SchedulePayload): Promise<Schedule> {
  return (await api('PATCH /builder/v1/schedules/{id}', { params: { id }, body: payload, jsonApi: true })).data;
}
