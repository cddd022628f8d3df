import type { Action } from '@asb/contracts';
import { and, eq } from 'drizzle-orm';
import { can } from '../../platform/auth/permissions.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { resourceWorkspaces } from '../../platform/db/schema.js';
import { detailError, notFound, permissionDenied } from '../../platform/http/errors.js';
import { processes } from './processes.schema.js';

export type ProcessRow = typeof processes.$inferSelect;

export const ARCHIVED_PROCESS_TEXT = 'Archived process! Existing versions are read-only and modifications are disabled';

/**
 * Versions, buckets and images belong to a process: who may see or change them is
 * decided on the process (its owner and the workspaces it is shared with).
 * Archived processes are read-only: only 'view' passes.
 */
export async function processAccess(
  ctx: AppContext,
  principal: Principal,
  processId: number,
  action: Action,
): Promise<{ process: ProcessRow; workspaceIds: number[] }> {
  const [process] = await ctx.db.select().from(processes).where(eq(processes.id, processId));
  if (!process) throw notFound(`No process #${processId} found.`);
  const shared = await ctx.db
    .select({ id: resourceWorkspaces.workspaceId })
    .from(resourceWorkspaces)
    .where(and(eq(resourceWorkspaces.resourceType, 'processes'), eq(resourceWorkspaces.resourceId, processId)));
  const resource = { ownerId: process.ownerId, workspaceIds: shared.map((s) => s.id) };
  if (!can(principal, 'view', resource)) throw permissionDenied();
  if (action !== 'view' && process.isArchived) throw detailError(400, ARCHIVED_PROCESS_TEXT);
  if (!can(principal, action, resource)) throw permissionDenied();
  return { process, ...resource };
}
