import type { BaseAttributes } from '@asb/contracts';
import { canAddToWorkspace } from '../auth/permissions.js';
import type { Principal } from '../auth/principal.js';
import { rowId as resourceId } from '../http/ids.js';
import { attributeErrors, detailError, permissionDenied } from '../http/errors.js';
import type { ResourceDefinition, ResourceRow } from './resource-definition.js';
import type { Payload } from './resource-payload.js';
import type { ResourceRepository } from './resource.repository.js';

/** What a create or update is checked against before it writes (JSON:API and the sharing rules). */

/** JSON:API: a document of another type, or naming another resource than the URL, changes nothing (409). */
export function assertSameResource(def: Pick<ResourceDefinition, 'type'>, payload: Payload, id?: string): void {
  if (payload.data.type !== def.type) throw detailError(409, `This is the ${def.type} endpoint: data.type must be '${def.type}', not '${payload.data.type}'.`);
  if (id !== undefined && payload.data.id !== undefined && payload.data.id !== id)
    throw detailError(409, `data.id '${payload.data.id}' is not the id of the URL ('${id}').`);
}

/** Why a type that is not shareable refuses workspaces: its own rule, or its parent's workspaces. */
export function notShareable<R extends ResourceRow, A extends BaseAttributes>(def: ResourceDefinition<R, A>): Error {
  const parent = def.inheritsFrom?.definition.name;
  return detailError(400, parent ? `A ${def.name} cannot be shared: it follows the workspaces of its ${parent}.` : `A ${def.name} cannot be shared.`);
}

/** The workspace ids of `refs`: each must exist, and the principal may share into each one not shared yet. */
export async function checkedWorkspaceIds<R extends ResourceRow, A extends BaseAttributes>(
  def: ResourceDefinition<R, A>,
  repository: ResourceRepository<R>,
  principal: Principal,
  refs: { id: string }[],
  current: number[],
): Promise<number[]> {
  const parsed = refs.map((ref) => resourceId(String(ref.id)));
  if (parsed.some((id) => id === undefined)) throw attributeErrors({ workspaces: 'Invalid workspace id.' });
  const ids = [...new Set(parsed as number[])];
  const existing = await repository.existingWorkspaceIds(ids);
  if (existing.length !== ids.length) throw attributeErrors({ workspaces: 'Unknown workspace.' });
  for (const id of ids) {
    const mayAdd = def.canShareInto ? def.canShareInto(principal, id) : canAddToWorkspace(principal, id);
    if (!current.includes(id) && !mayAdd) throw permissionDenied();
  }
  return ids;
}
