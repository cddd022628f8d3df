import type { WorkflowGraph } from '@asb/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { detailError } from '../../platform/http/errors.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { processesResource } from './processes.resource.js';
import { processes, processVersions } from './processes.schema.js';

/**
 * The process versions among `identifiers` the principal may read (GET process-versions/{id}
 * answers them: owner, superuser, or the process shared with one of their workspaces).
 */
export async function readableVersions(ctx: AppContext, principal: Principal, identifiers: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(identifiers)];
  if (wanted.length === 0) return new Set();
  const visible = new ResourceService(processesResource, ctx).visibility(principal);
  const rows = await ctx.db
    .select({ identifier: processVersions.identifier })
    .from(processVersions)
    .innerJoin(processes, eq(processes.id, processVersions.processId))
    .where(and(inArray(processVersions.identifier, wanted), visible));
  return new Set(rows.map((row) => row.identifier));
}

function unreadableNodeText(nodeId: string, processVersion: string): string {
  return (
    `You may not read the process version of node "${nodeId}" (${processVersion}): a run hands your inputs, passwords and secrets included, ` +
    'only to code you may read. Ask its owner to share the process with your workspace, or ask the workflow’s owner to review the change.'
  );
}

/**
 * Whoever runs a workflow hands its nodes their inputs, secrets included: a node whose code they
 * may not read (one swapped in by someone who may edit the workflow) stops the run before it
 * starts, with a 403 naming the node (docs/security.md "Secrets in executions"). Call it after
 * the graph check, which reports versions that no longer exist.
 */
export async function assertReadableGraph(ctx: AppContext, principal: Principal, graph: WorkflowGraph): Promise<void> {
  const pinned = graph.nodes.flatMap((node) => (node.processVersion ? [{ nodeId: node.id, processVersion: node.processVersion }] : []));
  const readable = await readableVersions(
    ctx,
    principal,
    pinned.map((node) => node.processVersion),
  );
  const hidden = pinned.find((node) => !readable.has(node.processVersion));
  if (hidden) throw detailError(403, unreadableNodeText(hidden.nodeId, hidden.processVersion));
}
