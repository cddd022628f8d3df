import { dagTypeOf, parseWorkflowDescription, type StacItem } from '@asb/contracts';
import type { WorkflowRow } from './workflow-versions.js';

/**
 * The catalogue item of a workflow, as the public Workflow detail page shows it
 * (spec 1 §2, spec 3 "Workflow detail"): a STAC-like Feature whose id ends with the
 * workflow id after the last ':' (the detail page's Execute button reads it).
 */
export function catalogueItem(workflow: WorkflowRow, publicUrl: string | undefined): StacItem {
  const origin = publicUrl?.replace(/\/$/, '') ?? '';
  const publication = parseWorkflowDescription(workflow.description);
  const id = `asb:workflows:${workflow.id}`;
  const thumbnail = /^https?:\/\//.test(publication.thumbnail_url) ? publication.thumbnail_url : undefined;
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    stac_extensions: [],
    id,
    collection: `${workflow.ownerId}:workflows`,
    geometry: null,
    properties: {
      title: workflow.label,
      description: publication.description || workflow.shortDescription,
      created: workflow.createdAt.toISOString(),
      updated: workflow.updatedAt.toISOString(),
      datetime: (workflow.publishedAt ?? workflow.updatedAt).toISOString(),
      version: String(workflow.version),
      type: 'workflow',
      published: workflow.isPublished,
      providers: [{ name: workflow.ownerId, roles: ['processor'] }],
      'asb:identifier': workflow.identifier,
      'asb:dag_type': dagTypeOf(workflow.graph),
      'asb:processes': [...new Set(workflow.graph.nodes.flatMap((node) => (node.processVersion ? [node.processVersion] : [])))],
    },
    links: [
      { rel: 'self', type: 'application/geo+json', title: 'This catalogue item', href: `${origin}/knowledge/v1/workflows/${workflow.id}/catalogue-item` },
      { rel: 'alternate', type: 'text/html', title: 'Workflow detail', href: `${origin}/asb/workflows/${workflow.id}/detail/${id}` },
    ],
    assets: thumbnail ? { thumbnail: { title: 'Thumbnail', type: 'image', href: thumbnail, roles: ['thumbnail'] } } : {},
  };
}
