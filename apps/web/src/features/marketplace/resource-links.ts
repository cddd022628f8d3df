import { EXECUTABLE_TYPES, isTagKeyword, type MarketplaceResource } from '@asb/contracts';
import { routePath } from '../../app/routes';

/** Where a resource's Details button goes (spec 3 §2 route table). */
export function detailPath(resource: MarketplaceResource): string {
  switch (resource.properties.type) {
    case 'application':
      return routePath('catalogueApplicationDetail', { id: resource.collection, appId: resource.identifier });
    case 'model':
      return routePath('catalogueModelDetail', { id: resource.collection, modelId: resource.identifier });
    case 'dataset':
      return routePath('catalogueDatasetDetail', { id: resource.collection, datasetId: resource.identifier });
    case 'workflow':
      return routePath('workflowDetail', { id: resource.workflowId ?? '', workflowId: resource.identifier });
  }
}

/**
 * Where its Execute button goes, for the executable types (model, workflow, application: spec 3
 * §9) that have something to run (a model without an ONNX file has not: isExecutable); undefined for the others.
 */
export function executePath(resource: MarketplaceResource): string | undefined {
  if (!EXECUTABLE_TYPES.includes(resource.properties.type) || !resource.isExecutable) return undefined;
  switch (resource.properties.type) {
    case 'application':
      return routePath('catalogueApplicationExecute', { id: resource.collection, appId: resource.identifier });
    case 'model':
      return routePath('catalogueModelExecute', { id: resource.collection, modelId: resource.identifier });
    case 'workflow':
      return routePath('workflowExecute', { id: resource.workflowId ?? '' });
    default:
      return undefined;
  }
}

/** The keywords to show as tags: not the FILTER: and softwareVersion: conventions (spec 3 §9). */
export function shownKeywords(resource: MarketplaceResource): string[] {
  return resource.keywords.filter(isTagKeyword);
}
