/** One operation of the OpenAPI document, as the reference lists it. */
export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
  /** who may call it: the document's `x-access` (platform/http/access.ts on the server) */
  access: string;
  operationId: string;
}

export interface ApiOperationGroup {
  tag: string;
  operations: ApiOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The operations of an OpenAPI 3 document by tag, in the document's order (the server's, which
 * follows its families): what the page shows before any interactive part loads.
 */
export function operationGroups(paths: Record<string, unknown>): ApiOperationGroup[] {
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(paths)) {
    if (typeof item !== 'object' || item === null) continue;
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method];
      if (typeof operation !== 'object' || operation === null) continue;
      const fields = operation as Record<string, unknown>;
      const tags = Array.isArray(fields.tags) && fields.tags.length > 0 ? fields.tags.map(text) : ['other'];
      const entry = {
        method: method.toUpperCase(),
        path,
        summary: text(fields.summary),
        access: text(fields['x-access']),
        operationId: text(fields.operationId),
      };
      for (const tag of tags) groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/** The groups with only the operations whose method, path, summary or access holds every word of `query`. */
export function filterOperations(groups: ApiOperationGroup[], query: string): ApiOperationGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  const matches = (operation: ApiOperation) => {
    const haystack = `${operation.method} ${operation.path} ${operation.summary} ${operation.access}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
  return groups.map((group) => ({ ...group, operations: group.operations.filter(matches) })).filter((group) => group.operations.length > 0);
}
