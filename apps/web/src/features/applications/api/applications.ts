import type { Application, ApplicationUpdate } from '@asb/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handleError } from '../../../app/api/error-handler';
import { api, apiFetchBlob } from '../../../app/api/http';
import { saveBlob } from '../../../ui/download';
import { COLLECTIONS_KEY } from './collections';

/** Every query of this feature sits under the collections' key: a change invalidates lists, tables and descriptions at once. */
const applicationsKey = (collection: string) => [...COLLECTIONS_KEY, 'applications', collection] as const;
const descriptionKey = (collection: string, identifier: string) => [...COLLECTIONS_KEY, 'describe', collection, identifier] as const;

/** The applications of a collection (GET …/{id}/applications). */
export function useApplications(collection: string) {
  return useQuery({
    queryKey: applicationsKey(collection),
    queryFn: ({ signal }) => api('GET /backend/v1/catalogue-collections/{id}/applications', { params: { id: collection }, signal }),
    select: (answer) => answer.data,
  });
}

/** The description of one application (POST …/{id}/describe_application), with its original CWL. */
export function useApplicationDescription(collection: string, identifier: string) {
  return useQuery({
    queryKey: descriptionKey(collection, identifier),
    queryFn: ({ signal }) =>
      api('POST /backend/v1/catalogue-collections/{id}/describe_application', { params: { id: collection }, body: { identifier }, signal }),
    select: (answer) => answer.data,
  });
}

/** update_application: changes attributes, or moves the application (`collection`: publish, unpublish). */
export function useUpdateApplication(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ApplicationUpdate) =>
      api('POST /backend/v1/catalogue-collections/{id}/update_application', { params: { id: collection }, body: update }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
}

/**
 * update_application with `collection`: moves the application (publish, unpublish). `onMoved` runs
 * (the page follows it) before anything is fetched again, or the page would first ask for the
 * application where it no longer is.
 */
export function useMoveApplication(collection: string, onMoved: (moved: Application) => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identifier, to }: { identifier: string; to: string }) =>
      api('POST /backend/v1/catalogue-collections/{id}/update_application', {
        params: { id: collection },
        body: { cwl_identifier: identifier, collection: to },
      }),
    onSuccess: async (answer) => {
      await onMoved(answer.data);
      await queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY });
    },
    onError: (error) => handleError(error, 'Backend'),
  });
}

/** delete_app (owner or superuser). */
export function useDeleteApplication(collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifier: string) => api('POST /backend/v1/catalogue-collections/{id}/delete_app', { params: { id: collection }, body: { identifier } }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
}

/** Download CWL: download_cwl answers the link, which is fetched with the caller's credentials and saved as `{identifier}.cwl`. */
export async function downloadCwl(collection: string, identifier: string): Promise<void> {
  const { url } = await api('POST /backend/v1/catalogue-collections/{id}/download_cwl', { params: { id: collection }, body: { identifier } });
  saveBlob(await apiFetchBlob(url), `${identifier}.cwl`);
}
