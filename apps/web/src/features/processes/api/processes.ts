import type { ProcessAttributes, processesContract } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { jsonApiSource, type ListSource } from '../../../ui/resource-list';
import { fetchAll } from './fetch-all';
import { KNOWLEDGE, PROCESSES_KEY } from './keys';

const base = jsonApiSource<typeof processesContract>(KNOWLEDGE, 'processes');

/** The process list's source: spec 2 says a new process gets type wps. */
export const processSource: ListSource<ProcessAttributes> = {
  ...base,
  create: (values) => base.create!({ ...values, type: 'wps' }),
};

/** One process; an empty id waits (the bucket page learns it from the bucket). */
export function useProcess(id: string) {
  return useQuery({
    queryKey: [...PROCESSES_KEY, 'detail', id],
    enabled: id !== '',
    queryFn: async ({ signal }) => (await api('GET /knowledge/v1/processes/{id}', { params: { id }, signal, jsonApi: true })).data,
  });
}

/** The processes the user may add a version to: not archived, with change permission (the server checks again). */
export function useChangeableProcesses() {
  return useQuery({
    queryKey: [...PROCESSES_KEY, 'changeable'],
    queryFn: async ({ signal }) =>
      (await fetchAll<ProcessAttributes>(`${KNOWLEDGE}/processes`, {}, signal)).filter(
        (row) => !row.attributes.isArchived && row.attributes.permissions.change,
      ),
  });
}
