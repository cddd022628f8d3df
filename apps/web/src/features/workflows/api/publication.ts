import type { PublishWorkflowPayload } from '@asb/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { WORKFLOWS_KEY, workflowKey } from './keys';

/* Spec 1 §4 Workflow publication: private -> published (description, thumbnail URL) -> unpublished. */

function publishedKey(id: string) {
  return [...workflowKey(id), 'is_published'] as const;
}

/** GET workflows/{id}/is_published: the published flag, read on page load (reads data.published). */
export function useIsPublished(id: string, isEnabled = true) {
  return useQuery({
    queryKey: publishedKey(id),
    enabled: isEnabled,
    queryFn: async ({ signal }) => (await api('GET /knowledge/v1/workflows/{id}/is_published', { params: { id }, signal, jsonApi: true })).data.published,
  });
}

/** PATCH workflows/{id}/publish {data: {type, id, attributes: {description, thumbnail_url}}}. */
function publishWorkflow(id: string, attributes: PublishWorkflowPayload) {
  return api('PATCH /knowledge/v1/workflows/{id}/publish', { params: { id }, jsonApi: true, body: { data: { type: 'workflows', id, attributes } } });
}

function unpublishWorkflow(id: string) {
  return api('PATCH /knowledge/v1/workflows/{id}/unpublish', { params: { id }, jsonApi: true });
}

/** Publish or unpublish; the flag is set at once and the workflow (and lists) refetched. */
export function usePublication(id: string) {
  const client = useQueryClient();
  const settle = async (published: boolean) => {
    client.setQueryData(publishedKey(id), published);
    await client.invalidateQueries({ queryKey: WORKFLOWS_KEY });
  };
  const publish = useMutation({
    mutationFn: (attributes: PublishWorkflowPayload) => publishWorkflow(id, attributes),
    onSuccess: () => settle(true),
  });
  const unpublish = useMutation({
    mutationFn: () => unpublishWorkflow(id),
    onSuccess: () => settle(false),
  });
  return { publish, unpublish };
}
